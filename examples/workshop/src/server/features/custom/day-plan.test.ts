import { describe, expect, it } from 'vitest';
import { workOrderMeta } from '../../../shared/generated/entities/work-order.ts';
import { sampleDay } from '../../test/sample-value.ts';
import { createSample, recordContext, setStored } from '../../test/spec-samples.ts';
import { callerAs } from '../../test/test-app.ts';

describe('dayPlan', () => {
  it('counts the booked work orders of one day on the shop clock, each caller only what they may see', async () => {
    const dispatcher = await callerAs('dispatcher');
    const technician = await callerAs('technician', dispatcher.services);
    const ctx = recordContext(dispatcher.services, dispatcher.viewer);
    const day = sampleDay(40);
    const at = (time: string) => new Date(`${day}T${time}:00+01:00`);
    const book = async (time: string, state: string, technicianId: string | null, minutes: number) => {
      const order = await createSample(ctx, workOrderMeta);
      await setStored(dispatcher.services.db, workOrderMeta, order.id, {
        scheduledAt: at(time),
        state,
        technicianId,
        durationMinutes: minutes,
      });
    };
    await book('09:00', 'scheduled', technician.viewer.userId, 60);
    await book('13:00', 'in_progress', null, 90);
    await book('15:00', 'draft', technician.viewer.userId, 30); // not booked yet
    await book('23:30', 'scheduled', null, 45); // 23:30 in Amsterdam is still that day

    expect(await dispatcher.caller.dayPlan({ day })).toEqual({ bookedMinutes: 195, workOrders: 3 });
    expect(await technician.caller.dayPlan({ day })).toEqual({ bookedMinutes: 60, workOrders: 1 });
  });
});
