// [7] Calls: operations and transactional e-mails.
import { defineCalls } from '#spec/calls.ts';
import { field } from '#spec/fields.ts';
import entities from './entities.ts';
import errors from './errors.ts';
import roles from './roles.ts';
import states from './states.ts';

export default defineCalls(
  { entities, states, roles, errors },
  {
    operations: {
      Customer: { standard: ['list', 'get', 'create', 'update', 'archive'], list: { sort: ['name', 'createdAt'] } },
      Vehicle: { standard: ['list', 'get', 'create', 'update', 'archive'], list: { filters: ['customer'] } },
      WorkOrder: {
        standard: ['list', 'get', 'create', 'update', 'archive', 'events'],
        list: {
          filters: ['state', 'priority', 'technician', 'customer', 'scheduledAt'],
          sort: ['scheduledAt', 'number', 'createdAt'],
          pageSize: 25,
        },
      },
      PartLine: { standard: ['list', 'get', 'create', 'update', 'archive'], list: { filters: ['workOrder'] } },
    },
    custom: {
      dayPlan: {
        kind: 'query',
        summary: "One day's scheduled work orders per technician, with the hours booked.",
        who: ['dispatcher', 'technician'],
        input: { day: field.date() },
        output: { bookedMinutes: field.int({ min: 0, max: 100_000 }), workOrders: field.int({ min: 0, max: 1000 }) },
      },
    },
    emails: {
      workOrderScheduled: {
        on: 'WorkOrder.schedule',
        to: 'customer.email',
        subject: 'Your appointment {number} is booked',
        data: ['number', 'scheduledAt', 'vehicle.plate', 'summary'],
      },
      workOrderCompleted: {
        on: 'WorkOrder.complete',
        to: 'customer.email',
        subject: 'Your vehicle {vehicle.plate} is ready',
        data: ['number', 'vehicle.plate'],
      },
      workOrderInvoiced: {
        on: 'WorkOrder.invoice',
        to: 'customer.email',
        subject: 'Invoice for {number}',
        data: ['number', 'estimate', 'vehicle.plate'],
      },
    },
  },
);
