import type { AuditEvent, ListAuditInput } from '../../../shared/schemas/audit.schema.ts';
import { limits } from '../../../shared/constants.ts';
import type { InnerContext } from '../../trpc/context.ts';

type Ctx = Pick<InnerContext, 'db'>;

/**
 * The audit trail, newest first, filtered; cursor = the last id seen. The actor filter
 * matches a user's or key's id, the person behind a key, a job's name or the e-mail as
 * it was then (exact matches: each has an index or a narrow scan).
 */
export async function listAuditEvents(ctx: Ctx, input: ListAuditInput) {
  const limit = input.limit ?? limits.page.defaultSize;
  const where = {
    ...(input.actor
      ? {
          OR: [
            { actorId: input.actor },
            { actorUserId: input.actor },
            { actorEmail: input.actor },
            { actorName: input.actor },
          ],
        }
      : {}),
    ...(input.actorKind ? { actorKind: input.actorKind } : {}),
    ...(input.procedure ? { procedure: input.procedure } : {}),
    ...(input.targetType ? { targetType: input.targetType } : {}),
    ...(input.targetId ? { targetId: input.targetId } : {}),
    ...(input.from || input.to
      ? { at: { ...(input.from ? { gte: input.from } : {}), ...(input.to ? { lt: input.to } : {}) } }
      : {}),
  };
  const rows = await ctx.db.auditEvent.findMany({
    where,
    orderBy: [{ at: 'desc' }, { id: 'desc' }],
    take: limit + 1,
    ...(input.cursor ? { cursor: { id: input.cursor }, skip: 1 } : {}),
  });
  // The column holds only the kinds actor.ts writes; the output schema checks each.
  const items = rows.slice(0, limit).map((row) => ({ ...row, actorKind: row.actorKind as AuditEvent['actorKind'] }));
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}
