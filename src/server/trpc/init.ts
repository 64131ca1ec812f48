import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { Context } from './context.ts';
import { formatError } from './format-error.ts';
import type { OperationMeta } from './operation-meta.ts';

/**
 * The tRPC building blocks. Only `router`, the caller factory and the base
 * procedures leave this file, so no procedure can be built without choosing its
 * access rule.
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
