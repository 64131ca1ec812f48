import type { TRPCDefaultErrorShape, TRPCError } from '@trpc/server';
import type { Context } from './context.ts';
import { requestScope } from './request-scope.ts';

const GENERIC_MESSAGE = 'Something went wrong on our side. Try again; if it keeps happening, quote the request id.';

/**
 * Shapes every error a client receives. Stack traces are never sent. An internal
 * error's message may hold SQL or a file path, so outside development clients get a
 * generic message and the request id to quote; the real error goes to the log (see
 * the tRPC plugin's onError).
 */
export function formatError({
  shape,
  error,
  ctx,
}: {
  shape: TRPCDefaultErrorShape;
  error: TRPCError;
  ctx: Context | undefined;
}) {
  // In development the real message helps whoever broke it; nowhere else.
  const internal = error.code === 'INTERNAL_SERVER_ERROR' && ctx?.config.NODE_ENV !== 'development';
  const { stack: _stack, ...data } = shape.data;
  return {
    ...shape,
    message: internal ? GENERIC_MESSAGE : shape.message,
    data: {
      ...data,
      requestId: ctx?.requestId ?? requestScope.getStore()?.requestId ?? null,
    },
  };
}
