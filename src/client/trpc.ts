import { createTRPCReact } from '@trpc/react-query';
import type { AnyTRPCProcedure, inferRouterOutputs, TRPCRouterRecord } from '@trpc/server';
import type { AppRouter } from '../server/router.ts';
import { splitLink } from '@trpc/client';
import { trpcLinks } from '../shared/trpc-client-links.ts';
import { lazyLink } from './live/lazy-link.ts';

/** Typed React hooks for every procedure: `trpc.system.health.useQuery()`. */
export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers, as screens receive it (dates are Dates: superjson). */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The dotted paths of a router record's procedures, through nested routers; a router itself is no path. */
type PathsOf<TRecord> = {
  [Key in Extract<keyof TRecord, string>]: TRecord[Key] extends AnyTRPCProcedure
    ? Key
    : TRecord[Key] extends TRPCRouterRecord
      ? `${Key}.${PathsOf<TRecord[Key]>}`
      : never;
}[Extract<keyof TRecord, string>];

/**
 * Every procedure's name, `system.health` to `admin.users.list`: renaming one on
 * the server breaks its mentions here (checked in trpc.types.test.ts).
 */
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      // Subscriptions (live updates) as server-sent events; everything else as batched HTTP.
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: lazyLink(async () => (await import('./live/sse-link.ts')).sseLink),
        false: trpcLinks(),
      }),
    ],
  });
}
