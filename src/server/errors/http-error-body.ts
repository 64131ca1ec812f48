import { getErrorShape, transformTRPCResponse, TRPCError } from '@trpc/server';
import { errorCatalogue, type AppError } from '../../shared/errors.ts';
import { appRouter } from '../router.ts';
import { requestScope } from '../trpc/request-scope.ts';

/**
 * An error body in tRPC's own shape (through the same formatter and transformer)
 * for failures Fastify raises before tRPC sees the request: a body over the limit,
 * an unsupported content type, an unknown path under /trpc. The typed client then
 * reads them like any other procedure error.
 */
export function trpcErrorBody(error: AppError, requestId: string): unknown {
  const wrapped = new TRPCError({ code: errorCatalogue[error.code].trpcCode, message: error.message, cause: error });
  const config = appRouter._def._config;
  // No context exists before tRPC runs; the formatter finds the request id in the scope.
  const shape = requestScope.run({ requestId }, () =>
    getErrorShape({ config, error: wrapped, type: 'unknown', path: undefined, input: undefined, ctx: undefined }),
  );
  return transformTRPCResponse(config, { error: shape });
}
