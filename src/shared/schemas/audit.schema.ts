import { z } from 'zod';
import { limits } from '../constants.ts';
import { pageInputSchema, pageOf } from './common.schema.ts';

/** Who made a change (src/server/audit/actor.ts). */
export const auditActorKinds = ['user', 'api-key', 'job', 'system', 'anonymous'] as const;

const filterText = z.string().trim().min(1).max(limits.text.short);

/**
 * The audit trail's filters: the actor (a user's or key's id, a job's name, or an
 * e-mail as it was then), the procedure, the target (entity, and optionally its id),
 * and a time window; newest first, a page at a time.
 */
export const listAuditInputSchema = pageInputSchema.extend({
  actor: filterText.optional(),
  actorKind: z.enum(auditActorKinds).optional(),
  procedure: filterText.optional(),
  targetType: filterText.optional(),
  targetId: filterText.optional(),
  from: z.date().optional(),
  to: z.date().optional(),
});
export type ListAuditInput = z.input<typeof listAuditInputSchema>;

const optionalText = z.string().max(limits.text.short).nullable();

export const auditEventSchema = z.object({
  id: z.string().max(limits.idLength),
  at: z.date(),
  actorKind: z.enum(auditActorKinds),
  actorId: optionalText,
  actorUserId: optionalText,
  actorName: optionalText,
  actorEmail: z.string().max(limits.emailLength).nullable(),
  procedure: z.string().max(limits.text.short),
  targetType: optionalText,
  targetId: optionalText,
  /**
   * `ok`, or the catalogue code the call answered; for a job attempt that failed without
   * a catalogued reason, `will-retry`, `failed` or `released` (audit/audit-trail.ts).
   */
  outcome: z.string().max(limits.text.short),
  requestId: optionalText,
  /** The input as JSON, secrets and personal fields redacted. */
  payload: z.string().max(limits.text.long).nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = pageOf(auditEventSchema);
