// [2] Screens and routes.
import { defineScreens } from '#spec/screens.ts';
import entities from './entities.ts';
import roles from './roles.ts';

const everyone = ['dispatcher', 'technician', 'customer'] as const;

export default defineScreens(
  { entities, roles },
  {
    workOrders: { kind: 'list', entity: 'WorkOrder', route: '/work-orders', title: 'Work orders', who: everyone },
    workOrder: { kind: 'detail', entity: 'WorkOrder', route: '/work-orders/$id', title: 'Work order', who: everyone },
    newWorkOrder: {
      kind: 'form',
      entity: 'WorkOrder',
      route: '/work-orders/new',
      title: 'New work order',
      who: ['dispatcher', 'customer'],
    },
    customers: { kind: 'list', entity: 'Customer', route: '/customers', title: 'Customers', who: ['dispatcher'] },
    customer: { kind: 'detail', entity: 'Customer', route: '/customers/$id', title: 'Customer', who: ['dispatcher'] },
    newCustomer: {
      kind: 'form',
      entity: 'Customer',
      route: '/customers/new',
      title: 'New customer',
      who: ['dispatcher'],
    },
    dayPlan: { kind: 'custom', route: '/planning', title: 'Day plan', who: ['dispatcher', 'technician'] },
  },
);
