// [5] Rules beyond a single field, each naming the error it raises.
import { defineRules } from '#spec/rules.ts';
import constants from './constants.ts';
import entities from './entities.ts';
import errors from './errors.ts';

export default defineRules(
  { entities, errors, constants },
  {
    withinOpeningHours: {
      kind: 'timeWindow',
      entity: 'WorkOrder',
      field: 'scheduledAt',
      zone: 'shopTimeZone',
      from: 'opensAt',
      to: 'closesAt',
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      error: 'OUTSIDE_OPENING_HOURS',
      description: 'Work is scheduled inside the opening hours, on the shop’s clock.',
    },
    technicianNotDoubleBooked: {
      kind: 'noOverlap',
      entity: 'WorkOrder',
      start: 'scheduledAt',
      minutes: 'durationMinutes',
      per: 'technician',
      states: ['scheduled', 'in_progress'],
      error: 'TECHNICIAN_DOUBLE_BOOKED',
    },
    customerDailyLimit: {
      kind: 'countPerPeriod',
      entity: 'WorkOrder',
      field: 'scheduledAt',
      per: 'customer',
      period: 'day',
      max: 'maxWorkOrdersPerCustomerPerDay',
      zone: 'shopTimeZone',
      error: 'CUSTOMER_DAILY_LIMIT',
    },
    promisedAfterScheduled: {
      kind: 'compare',
      entity: 'WorkOrder',
      field: 'promisedAt',
      op: '>=',
      than: 'scheduledAt',
      error: 'FINISH_BEFORE_START',
    },
  },
);
