// [3] Entities and fields.
import { defineEntities, field } from '#spec/entities.ts';

export default defineEntities({
  Customer: {
    description: 'A person or company that brings vehicles in.',
    fields: {
      name: field.string({ max: 120, searchable: true }),
      email: field.email({ unique: true, searchable: true }),
      phone: field.phone({ optional: true }),
      /** The customer's own sign-in, when they have one: "own" for the customer role. */
      user: field.one('user', { optional: true }),
      vehicles: field.many('Vehicle'),
      workOrders: field.many('WorkOrder'),
    },
  },
  Vehicle: {
    title: 'plate',
    fields: {
      customer: field.one('Customer'),
      plate: field.string({ min: 2, max: 12, unique: true, searchable: true, label: 'Licence plate' }),
      make: field.string({ max: 60, searchable: true }),
      model: field.string({ max: 60, optional: true }),
      year: field.int({ min: 1950, max: 2100, optional: true }),
      inspectionDue: field.date({ optional: true, label: 'Inspection due' }),
      workOrders: field.many('WorkOrder'),
    },
  },
  WorkOrder: {
    number: { prefix: 'WO-', digits: 6 },
    title: 'summary',
    fields: {
      summary: field.string({ min: 3, max: 120, searchable: true }),
      customer: field.one('Customer'),
      vehicle: field.one('Vehicle'),
      technician: field.one('user', { optional: true, label: 'Assigned technician' }),
      description: field.text({ max: 4000 }),
      priority: field.enum(['low', 'normal', 'urgent'], { default: 'normal' }),
      estimate: field.money({ currency: 'currency', optional: true, maxMinor: 10_000_000 }),
      scheduledAt: field.dateTime({ zone: 'shopTimeZone', optional: true, label: 'Scheduled for' }),
      durationMinutes: field.int({ min: 15, max: 600, default: 60, label: 'Duration (minutes)' }),
      promisedAt: field.dateTime({ zone: 'shopTimeZone', optional: true, label: 'Promised ready at' }),
      laborHours: field.decimal({ precision: 6, scale: 2, optional: true }),
      waitingForParts: field.boolean({ default: false }),
      lines: field.many('PartLine'),
    },
  },
  PartLine: {
    label: 'Part line',
    fields: {
      workOrder: field.one('WorkOrder'),
      partName: field.string({ max: 120, searchable: true }),
      quantity: field.int({ min: 1, max: 999 }),
      unitPrice: field.money({ currency: 'currency' }),
    },
  },
});
