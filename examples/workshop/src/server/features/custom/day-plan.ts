/**
 * dayPlan (spec/calls.ts): one day's work on the shop's clock, as the caller may see it —
 * a technician their own work orders, a dispatcher everyone's. Owned: written by hand once
 * `npm run spec` had created this file.
 */
import { specConstants } from '../../../shared/generated/constants.ts';
import type { dayPlanInputSchema, dayPlanOutputSchema } from '../../../shared/generated/custom.ts';
import { workOrderMeta } from '../../../shared/generated/entities/work-order.ts';
import type { Permission } from '../../../shared/permissions.ts';
import { instantsAt } from '../../../shared/schemas/fields.schema.ts';
import type { Prisma } from '../../db/generated/sqlite/client.ts';
import { periodAround } from '../../spec-runtime/rules.ts';
import { scopeWhere } from '../../spec-runtime/scope.ts';
import type { Handler } from '../../trpc/procedure.ts';

/** The states in which a work order holds its slot in the day. */
const booked = ['scheduled', 'in_progress'];

export const dayPlan:
  Handler<{ permission: Permission }, typeof dayPlanInputSchema, typeof dayPlanOutputSchema> | undefined = async ({
  ctx,
  input,
}) => {
  const [year = 0, month = 1, day = 1] = input.day.split('-').map(Number);
  const zone = specConstants.shopTimeZone;
  const [noon = new Date(0)] = instantsAt({ year, month, day, hour: 12, minute: 0 }, zone);
  const [from, to] = periodAround(noon, 'day', zone);
  const visible = scopeWhere(ctx.viewer, workOrderMeta, 'read') as Prisma.WorkOrderWhereInput;
  const orders = await ctx.db.workOrder.findMany({
    where: { AND: [visible, { archivedAt: null, state: { in: booked }, scheduledAt: { gte: from, lt: to } }] },
    select: { durationMinutes: true },
  });
  return {
    bookedMinutes: orders.reduce((sum, order) => sum + order.durationMinutes, 0),
    workOrders: orders.length,
  };
};
