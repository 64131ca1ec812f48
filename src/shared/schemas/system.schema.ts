import { z } from 'zod';
import { limits } from '../constants.ts';

/** [5] What the system procedures answer: health, facts about the build, account counts. */

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['up', 'down']), latencyMs: z.number() }),
  checkedAt: z.date(),
});
export type Health = z.infer<typeof healthSchema>;

/** The engines of src/server/db/engines.ts; the service's type checks that they agree. */
export const databaseEngineSchema = z.enum(['sqlite', 'postgresql']);

/**
 * Build details help an attacker match known flaws to this server, so only callers
 * holding `read:system:any` get them; everyone else gets `build: null`.
 */
export const buildDetailsSchema = z.object({
  version: z.string().max(limits.text.short),
  commit: z.string().max(limits.text.short),
  database: z.object({ engine: databaseEngineSchema, version: z.string().max(limits.text.short) }),
});
export type BuildDetails = z.infer<typeof buildDetailsSchema>;

export const systemInfoSchema = z.object({
  name: z.string().max(limits.text.short),
  description: z.string().max(limits.text.long),
  audience: z.string().max(limits.text.long),
  startedAt: z.date(),
  uptimeSeconds: z.number().int().nonnegative(),
  build: buildDetailsSchema.nullable(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

export const systemStatsSchema = z.object({
  users: z.number().int().nonnegative(),
  activeSessions: z.number().int().nonnegative(),
  apiKeys: z.number().int().nonnegative(),
});
