import { errorCatalogue } from '../../shared/errors.ts';
import type { ClientError } from '../errors/to-client-error.ts';

/**
 * The request id worth showing: only for unexpected failures (the 5xx answers, bar
 * NOT_IMPLEMENTED, which a placeholder gives on purpose), where a person may want to
 * quote it to support. On routine errors (a taken address, a wrong password) it would
 * only be noise.
 */
export function referenceFor(error: Pick<ClientError, 'code' | 'requestId'>): string | undefined {
  const unexpected = errorCatalogue[error.code].httpStatus >= 500 && error.code !== 'NOT_IMPLEMENTED';
  return unexpected && error.requestId ? error.requestId : undefined;
}
