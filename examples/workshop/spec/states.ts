// [4] States and transitions.
import { defineStates } from '#spec/states.ts';
import entities from './entities.ts';
import roles from './roles.ts';
import rules from './rules.ts';

export default defineStates(
  { entities, roles, rules },
  {
    WorkOrder: {
      states: ['draft', 'scheduled', 'in_progress', 'completed', 'invoiced', 'cancelled'],
      initial: 'draft',
      events: {
        schedule: {
          from: 'draft',
          to: 'scheduled',
          who: ['dispatcher'],
          requires: ['scheduledAt', 'technician'],
          guards: ['withinOpeningHours', 'technicianNotDoubleBooked', 'customerDailyLimit'],
        },
        start: { from: 'scheduled', to: 'in_progress', who: ['technician', 'dispatcher'] },
        complete: { from: 'in_progress', to: 'completed', who: ['technician', 'dispatcher'], note: 'required' },
        invoice: { from: 'completed', to: 'invoiced', who: ['dispatcher'], requires: ['estimate'] },
        cancel: { from: ['draft', 'scheduled'], to: 'cancelled', who: ['dispatcher', 'customer'], note: 'optional' },
      },
    },
  },
);
