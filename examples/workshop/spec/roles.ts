// [6] Roles, what each may do, and what "own" means.
import { defineRoles } from '#spec/roles.ts';
import entities from './entities.ts';

export default defineRoles(entities, {
  dispatcher: { description: 'Takes bookings, plans the technicians, invoices.', can: 'everything' },
  technician: {
    description: 'Repairs vehicles: sees and works on the work orders assigned to them.',
    can: {
      // Technicians see whom a vehicle belongs to; the dispatcher keeps the customers' addresses.
      Customer: { read: 'all', hide: ['email'] },
      Vehicle: { read: 'all' },
      WorkOrder: { read: 'own', update: 'own' },
      PartLine: { read: 'own', create: 'own', update: 'own', archive: 'own' },
    },
    own: { WorkOrder: 'technician', PartLine: 'workOrder.technician' },
  },
  customer: {
    description: 'Brings vehicles in: sees their own vehicles and work orders, books and cancels.',
    can: {
      Customer: { read: 'own', update: 'own' },
      Vehicle: 'own',
      // The hours booked are the workshop's own bookkeeping.
      WorkOrder: { read: 'own', create: 'own', hide: ['laborHours'] },
      PartLine: { read: 'own' },
    },
    own: {
      Customer: 'user',
      Vehicle: 'customer.user',
      WorkOrder: 'customer.user',
      PartLine: 'workOrder.customer.user',
    },
  },
});
