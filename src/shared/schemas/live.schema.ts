import { z } from 'zod';
import { limits } from '../constants.ts';

/**
 * [5] Live updates (docs/decisions/0040-live-updates.md): what changed, never the data
 * itself; the client refetches what it shows, through the usual access checks.
 */

/** What a change event may name: the client maps each onto the queries that show it. */
export const liveEntities = ['user', 'session', 'api-key'] as const;
export const liveEntitySchema = z.enum(liveEntities);
export type LiveEntity = z.infer<typeof liveEntitySchema>;

/** The id of the last event a client saw: sent again when it reconnects (`tracked()`). */
export const liveChangesInputSchema = z.object({ lastEventId: z.string().max(20).regex(/^\d+$/).nullish() }).optional();

export const liveEventSchema = z.discriminatedUnion('kind', [
  /** One record changed: refetch what shows it. */
  z.object({ kind: z.literal('change'), entity: liveEntitySchema, id: z.string().max(limits.text.short) }),
  /** The stream is live from this event's id: nothing to refetch. */
  z.object({ kind: z.literal('ready') }),
  /** The client was away longer than the feed keeps, or too much changed: refetch everything. */
  z.object({ kind: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
