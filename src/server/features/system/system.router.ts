import { publicProcedure, router } from '../../trpc/init.ts';
import { checkHealth, describeSystem } from './system.service.ts';

/** Liveness of the RPC path and facts about the running build. */
export const systemRouter = router({
  /** A database round trip and its latency. */
  health: publicProcedure.query(({ ctx }) => checkHealth(ctx, ctx.log)),
  /** Name, version, commit, uptime and database engine of this server. */
  info: publicProcedure.query(({ ctx }) => describeSystem(ctx)),
});
