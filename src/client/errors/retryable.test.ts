import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { isRetryable, shouldRetry } from './retryable.ts';

function trpcError(appCode: string) {
  return TRPCClientError.from({ error: { message: 'A message', code: -32000, data: { appCode, requestId: 'req-1' } } });
}

describe('isRetryable', () => {
  it('retries what may pass, and nothing that would repeat itself', () => {
    for (const code of ['INTERNAL', 'UNAVAILABLE', 'TIMEOUT', 'RATE_LIMITED'] as const)
      expect(isRetryable(code)).toBe(true);
    for (const code of ['FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED', 'VALIDATION_FAILED'] as const) {
      expect(isRetryable(code)).toBe(false);
    }
  });
});

describe('shouldRetry: the QueryClient retry rule', () => {
  it('tries a failure that may pass once more, and only once', () => {
    expect(shouldRetry(0, trpcError('INTERNAL'))).toBe(true);
    expect(shouldRetry(1, trpcError('INTERNAL'))).toBe(false);
  });

  it('treats a call that got no answer from our server as UNAVAILABLE, and retries it', () => {
    expect(shouldRetry(0, TRPCClientError.from(new Error('Failed to fetch')))).toBe(true);
  });

  it('does not retry an answer that would repeat itself', () => {
    expect(shouldRetry(0, trpcError('FORBIDDEN'))).toBe(false);
    expect(shouldRetry(0, trpcError('NOT_FOUND'))).toBe(false);
    expect(shouldRetry(0, trpcError('UNAUTHENTICATED'))).toBe(false);
  });

  it.each([
    { appCode: 'INTERNAL', calls: 2 },
    { appCode: 'FORBIDDEN', calls: 1 },
  ])('as a query default, calls the procedure $calls time(s) for $appCode', async ({ appCode, calls }) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, retryDelay: 0 } } });
    const queryFn = vi.fn(() => Promise.reject(trpcError(appCode)));
    await new QueryObserver(queryClient, { queryKey: [appCode], queryFn }).refetch();
    expect(queryFn).toHaveBeenCalledTimes(calls);
  });
});
