import type { AppErrorCode } from '../../shared/errors.ts';

/**
 * Codes where the same call may succeed if tried again. For the rest (a rule, a
 * permission, a missing record, an operation not built yet) a retry only repeats
 * the answer, so the client neither retries them nor offers a retry button.
 */
const retryableCodes: ReadonlySet<AppErrorCode> = new Set(['INTERNAL', 'UNAVAILABLE', 'TIMEOUT', 'RATE_LIMITED']);

export function isRetryable(code: AppErrorCode): boolean {
  return retryableCodes.has(code);
}
