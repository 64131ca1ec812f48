import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getErrorShape, transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import { appRouter } from '../router.ts';
import { requestScope } from './request-scope.ts';

const codeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  431: 'BAD_REQUEST',
};

/**
 * An error body in tRPC's own shape (through the same formatter and transformer)
 * for failures Fastify raises before tRPC sees the request: a body over the limit,
 * an unsupported content type, an unknown path under /trpc. The typed client then
 * reads them like any other procedure error.
 */
export function trpcErrorBody(statusCode: number, message: string, requestId: string, path?: string): unknown {
  const code = codeByStatus[statusCode] ?? (statusCode >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  const error = new TRPCError({ code, message });
  const config = appRouter._def._config;
  // No context exists before tRPC runs; the formatter finds the request id in the scope.
  const shape = requestScope.run({ requestId }, () =>
    getErrorShape({ config, error, type: 'unknown', path, input: undefined, ctx: undefined }),
  );
  return transformTRPCResponse(config, { error: shape });
}
