import { toClientError } from '../errors/to-client-error.ts';
import { notices } from './notices.ts';
import type { NotificationStore } from './notification-store.ts';

/**
 * Where an error goes that no screen has to handle. UNAUTHENTICATED, from any
 * call, raises the signed-out banner. A query's other errors are the screen's to
 * show inline; a mutation's become an error notice (a toast that stays until
 * dismissed) unless the screen shows them itself.
 */
export function reportError(
  store: NotificationStore,
  error: unknown,
  source: { kind: 'query' } | { kind: 'mutation'; errorsShownInline: boolean },
): void {
  const clientError = toClientError(error);
  if (clientError.code === 'UNAUTHENTICATED') store.markSignedOut();
  else if (source.kind === 'mutation' && !source.errorsShownInline) {
    // toClientError keeps the request id only for the server's own faults.
    const reference = clientError.requestId;
    notices.error(clientError.message, reference ? { reference } : {});
  }
}
