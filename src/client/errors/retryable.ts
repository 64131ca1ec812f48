import type { AppErrorCode } from '../../shared/error-codes.ts';
import { TRPCClientError } from '@trpc/client';

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
  return failureCount < 1 && (retryableCodes as ReadonlySet<string>).has(codeOf(error));
}

/**
 * The code for the retry decision only: a call that never got an answer is
 * UNAVAILABLE, an answer without a code INTERNAL. It reads no catalogue (a code the
 * catalogue lacks, from a newer server, is simply not retried), so React Query's
 * `retry` keeps the catalogue out of the first chunk.
 */
function codeOf(error: unknown): string {
  if (!(error instanceof TRPCClientError)) return 'INTERNAL';
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return 'UNAVAILABLE';
  const code = (data as { appCode?: unknown }).appCode;
  return typeof code === 'string' ? code : 'INTERNAL';
}
