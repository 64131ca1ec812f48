import { healthSchema, systemInfoSchema, systemStatsSchema } from '../../../shared/schemas/system.schema.ts';
import { defineQuery, router } from '../../trpc/procedure.ts';
import { checkHealth, countAccounts, describeSystem } from './system.service.ts';

/** Liveness of the RPC path and facts about the running build. */
export const systemRouter = router({
  health: defineQuery({
    summary: 'A database round trip and its latency.',
    access: 'public',
    output: healthSchema,
    errors: [],
    handler: ({ ctx }) => checkHealth(ctx, ctx.log),
  }),
  info: defineQuery({
    summary: 'Name, version, commit, uptime and database engine of this server.',
    access: 'public',
    output: systemInfoSchema,
    errors: [],
    handler: ({ ctx }) => describeSystem(ctx),
  }),
  stats: defineQuery({
    summary: 'Counts of accounts, live sessions and API keys: for operators and their scripts.',
    access: { permission: 'read:system:any' },
    output: systemStatsSchema,
    errors: [],
    handler: ({ ctx }) => countAccounts(ctx),
  }),
});
