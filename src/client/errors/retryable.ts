import type { AppErrorCode } from '../../shared/error-codes.ts';
import { toClientError } from './to-client-error.ts';

/**
 * Codes where the same call may succeed if tried again. For the rest (a rule, a
 * permission, a missing record, an operation not built yet) a retry only repeats
 * the answer, so the client neither retries them nor offers a retry button.
 */
const retryableCodes: ReadonlySet<AppErrorCode> = new Set(['INTERNAL', 'UNAVAILABLE', 'TIMEOUT', 'RATE_LIMITED']);

export function isRetryable(code: AppErrorCode): boolean {
  return retryableCodes.has(code);
}

/**
 * React Query's `retry` for every query: one more try for a failure that may
 * pass, none for an answer that would repeat itself. `failureCount` is how many
 * tries have failed before this one (0 after the first).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isRetryable(toClientError(error).code);
}
