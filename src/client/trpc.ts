import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '../server/router.ts';
import { TRPC_MAX_BATCH_SIZE, TRPC_MAX_URL_LENGTH, TRPC_PATH } from '../shared/transport.ts';

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
    links: [
      httpBatchLink({
        url: TRPC_PATH,
        transformer: superjson,
        // Never more per batch than the server accepts; long queries fall back to POST.
        maxItems: TRPC_MAX_BATCH_SIZE,
        maxURLLength: TRPC_MAX_URL_LENGTH,
      }),
    ],
  });
}
