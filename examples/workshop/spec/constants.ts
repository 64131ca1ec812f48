// [9] Business constants.
import { defineConstants, timeZone } from '#spec/constants.ts';

export default defineConstants({
  shopTimeZone: timeZone('Europe/Amsterdam'),
  currency: 'EUR',
  opensAt: '08:00',
  closesAt: '18:00',
  maxWorkOrdersPerCustomerPerDay: 2,
  defaultJobMinutes: 60,
});
