import { toClientError } from '../errors/to-client-error.ts';
import { ErrorNotice } from './error-notice.tsx';
import { NoPermission } from './no-permission.tsx';

/** A failed query where its data would be: FORBIDDEN as the permission screen, anything else as a notice. */
export function QueryError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const clientError = toClientError(error);
  if (clientError.code === 'FORBIDDEN') return <NoPermission requestId={clientError.requestId} />;
  return <ErrorNotice title={title} error={clientError} onRetry={onRetry} />;
}
