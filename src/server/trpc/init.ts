import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import { AppError } from '../../shared/errors.ts';
import { can, type Permission } from '../../shared/permissions.ts';
import type { Context } from './context.ts';
import { formatError } from './format-error.ts';
import type { AccessRule, OperationMeta } from './operation-meta.ts';

/**
 * The tRPC building blocks. Only `router`, the caller factory and the base
 * procedures leave this file, so no procedure can be built without choosing its
 * access rule (deny by default: docs/access.md shows who may call what).
 */
const t = initTRPC.context<Context>().meta<OperationMeta>().create({
  // superjson round-trips Date (and Map, Set, BigInt) between server and client.
  transformer: superjson,
  errorFormatter: formatError,
  // Stack traces are never sent; the formatter decides what else is shown.
  isDev: false,
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone may call it, signed in or not. */
export const publicProcedure = t.procedure.meta({ access: 'public' });

/** A signed-in person or a valid API key; `ctx.viewer` is set. */
export const signedInProcedure = t.procedure.meta({ access: 'signed-in' }).use(async ({ ctx, next }) => {
  const credentials = await ctx.credentials();
  if (credentials.kind !== 'valid') throw new AppError('UNAUTHENTICATED');
  return next({ ctx: { viewer: credentials.viewer } });
});

/** A caller whose role (narrowed by an API key's scope) holds `permission`. */
export function permittedProcedure(permission: Permission) {
  return signedInProcedure.meta({ access: { permission } }).use(async ({ ctx, next }) => {
    if (!can({ role: ctx.viewer.role, scope: ctx.viewer.scope }, permission)) throw new AppError('FORBIDDEN');
    return next();
  });
}

/** The base procedure for a declared access rule (used by operation contracts). */
export function procedureFor(access: AccessRule) {
  if (access === 'public') return publicProcedure;
  if (access === 'signed-in') return signedInProcedure;
  return permittedProcedure(access.permission);
}
