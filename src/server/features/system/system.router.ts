import { permittedProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { checkHealth, countAccounts, describeSystem } from './system.service.ts';

/** Liveness of the RPC path and facts about the running build. */
export const systemRouter = router({
  /** A database round trip and its latency. */
  health: publicProcedure.query(({ ctx }) => checkHealth(ctx, ctx.log)),
  /** Name, version, commit, uptime and database engine of this server. */
  info: publicProcedure.query(({ ctx }) => describeSystem(ctx)),
  /** Counts of accounts, live sessions and API keys: for operators and their scripts. */
  stats: permittedProcedure('read:system:any').query(({ ctx }) => countAccounts(ctx)),
});
