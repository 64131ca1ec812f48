import { timeZone } from '../../src/shared/spec/constants.ts';
import { field } from '../../src/shared/spec/fields.ts';
import { emptySpec, type Spec } from './spec-model.ts';

/**
 * A small valid specification touching every point, written as plain objects so a test
 * can break one thing at a time (TypeScript would refuse most breakages in spec/ files).
 */
export function smallSpec(): Spec {
  return {
    ...emptySpec(),
    product: { name: 'Jobs', description: 'Books jobs.', audience: 'A small shop.' },
    constants: { zone: timeZone('Europe/Amsterdam'), currency: 'EUR', perDay: 3 },
    errors: { TOO_LATE: { status: 422, message: 'Too late.', when: 'A job outside the hours.' } },
    entities: {
      Customer: { fields: { name: field.string({ max: 80 }), user: field.one('user', { optional: true }) } },
      Job: {
        number: { prefix: 'J-', digits: 4 },
        fields: {
          title: field.string(),
          customer: field.one('Customer'),
          price: field.money({ currency: 'currency' }),
          at: field.dateTime({ zone: 'zone' }),
        },
      },
    },
    roles: {
      staff: { description: 'Runs the shop.', can: 'everything' },
      client: { description: 'Books.', can: { Job: { read: 'own' } }, own: { Job: 'customer.user' } },
    },
    rules: {
      inHours: {
        kind: 'timeWindow',
        entity: 'Job',
        field: 'at',
        zone: 'zone',
        from: '08:00',
        to: '18:00',
        error: 'TOO_LATE',
      },
    },
    states: {
      Job: {
        states: ['open', 'done'],
        initial: 'open',
        events: {
          finish: { from: 'open', to: 'done', who: ['staff'], guards: ['inHours'] },
          reopen: { from: 'done', to: 'open', who: ['staff', 'client'] },
        },
      },
    },
    calls: { operations: { Job: { standard: ['list', 'get', 'events'] } } },
    screens: { jobs: { kind: 'list', entity: 'Job', route: '/jobs', title: 'Jobs', who: ['staff', 'client'] } },
  };
}
