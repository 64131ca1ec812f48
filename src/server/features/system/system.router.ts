import { healthSchema, systemInfoSchema, systemStatsSchema } from '../../../shared/schemas/system.schema.ts';
import { can } from '../../../shared/permissions.ts';
import type { Context } from '../../trpc/context.ts';
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
    summary: 'Name and uptime of this server; its version, commit and database engine for read:system:any.',
    access: 'public',
    output: systemInfoSchema,
    errors: [],
    handler: async ({ ctx }) => describeSystem(ctx, await mayReadBuild(ctx)),
  }),
  stats: defineQuery({
    summary: 'Counts of accounts, live sessions and API keys: for operators and their scripts.',
    access: { permission: 'read:system:any' },
    output: systemStatsSchema,
    errors: [],
    handler: ({ ctx }) => countAccounts(ctx),
  }),
});

/** Whether the caller (a person or an API key) holds `read:system:any`; anyone else, signed out included, does not. */
async function mayReadBuild(ctx: Context): Promise<boolean> {
  const credentials = await ctx.credentials();
  if (credentials.kind !== 'valid') return false;
  const { role, scope } = credentials.viewer;
  return can({ role, scope }, 'read:system:any');
}
