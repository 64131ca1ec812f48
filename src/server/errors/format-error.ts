import type { TRPCDefaultErrorShape, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { errorCatalogue, type AppErrorData } from '../../shared/errors.ts';
import { toAppError } from './to-app-error.ts';
import type { Context } from '../trpc/context.ts';
import { requestScope } from '../trpc/request-scope.ts';

/**
 * The client side of the error edge: every error a client receives, from a
 * procedure, from tRPC itself or from Fastify before tRPC, leaves through here
 * in one shape: tRPC's envelope whose `data` carries the catalogue code, the
 * request id and field errors. Stack traces are never sent; an error's own
 * message and details only where the catalogue allows (internal errors may hold
 * SQL or paths, so outside development they get the catalogue's generic message).
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
  const appError = toAppError(error);
  const entry = errorCatalogue[appError.code];
  const development = ctx?.config.NODE_ENV === 'development';
  const developerMessage = development && appError.code === 'INTERNAL' ? messageOf(appError.cause) : undefined;
  const data: AppErrorData & { code: typeof entry.trpcCode; httpStatus: number; path?: string } = {
    code: entry.trpcCode,
    httpStatus: entry.httpStatus,
    ...(shape.data.path ? { path: shape.data.path } : {}),
    appCode: appError.code,
    requestId: ctx?.requestId ?? requestScope.getStore()?.requestId ?? null,
    fieldErrors: appError.fieldErrors ?? null,
    details: entry.showDetails ? (appError.details ?? null) : null,
  };
  return {
    message: developerMessage ?? (entry.showDetails ? appError.message : entry.message),
    code: TRPC_ERROR_CODES_BY_KEY[entry.trpcCode],
    data,
  };
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
