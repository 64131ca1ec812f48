import { randomUUID } from 'node:crypto';
import { retryLink, TRPCClientError, type Operation, type TRPCLink } from '@trpc/client';
import type { AppRouter } from '../server/router.ts';

/** Where a mutation's key travels from the link that makes it to the request's headers. */
interface KeyedContext {
  idempotencyKey?: string;
}

/**
 * Gives every mutation an idempotency key of its own, once: a retry of the same call
 * (retryLink, further down) carries the same operation, so the same key, and the
 * server answers it from the first attempt instead of running it again.
 */
export function idempotencyKeyLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) => {
      const context = op.context as KeyedContext;
      if (op.type !== 'mutation' || context.idempotencyKey) return next(op);
      return next({ ...op, context: { ...op.context, idempotencyKey: randomUUID() } });
    };
}

/**
 * The keys of a request's calls, as the server reads them: `Idempotency-Keys`, one
 * entry per call in batch order (the batch link always sends a batch), empty for a
 * query. Nothing when no call has a key.
 */
export function idempotencyHeaders(calls: readonly Operation[]): Record<string, string> {
  const keys = calls.map((call) => (call.context as KeyedContext).idempotencyKey ?? '');
  return keys.some(Boolean) ? { 'idempotency-keys': keys.map((key) => `"${key}"`).join(', ') } : {};
}

/**
 * Whether a failed call may be sent again safely: the request got no answer (the
 * network failed; the server may or may not have run it) and the call is a query or
 * carries a key; or the server said the same key is still running.
 */
function retriable(op: Operation, error: unknown, attempts: number, retries: number): boolean {
  if (attempts > retries || !(error instanceof TRPCClientError)) return false;
  const keyed = op.type === 'query' || Boolean((op.context as KeyedContext).idempotencyKey);
  const data = error.data as { appCode?: string } | undefined;
  if (data?.appCode === 'IDEMPOTENCY_KEY_IN_USE') return keyed;
  return keyed && error.shape === undefined && data === undefined;
}

/** Retries as `retriable` allows, up to `retries` times, waiting 250 ms, 500 ms, 1 s… between. */
export function safeRetryLink(retries: number): TRPCLink<AppRouter> {
  return retryLink<AppRouter>({
    retry: ({ op, error, attempts }) => retriable(op, error, attempts, retries),
    retryDelayMs: (attempt) => Math.min(250 * 2 ** (attempt - 1), 5_000),
  });
}
