import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../server/router.ts';
import { trpcLinks } from '../shared/trpc-links.ts';

/** Typed React hooks for every procedure: `trpc.system.health.useQuery()`. */
export const trpc = createTRPCReact<AppRouter>();

type RouterInputs = inferRouterInputs<AppRouter>;

/** What each procedure answers, as screens receive it (dates are Dates: superjson). */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Every procedure's name, `system.health` to `records.create`: renaming one on the server breaks its mentions here. */
export type ProcedurePath = {
  [Feature in Extract<keyof RouterInputs, string>]: `${Feature}.${Extract<keyof RouterInputs[Feature], string>}`;
}[Extract<keyof RouterInputs, string>];

export function createTrpcClient() {
  return trpc.createClient({
    links: trpcLinks(),
  });
}
