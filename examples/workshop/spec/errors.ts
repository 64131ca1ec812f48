// [8] The error catalogue: every code the rules and operations raise beyond the foundation's.
import { defineErrors } from '#spec/errors.ts';

export default defineErrors({
  CUSTOMER_NOT_FOUND: {
    status: 404,
    message: 'That customer could not be found.',
    when: 'A customer id that does not exist, or is not yours.',
  },
  VEHICLE_NOT_FOUND: {
    status: 404,
    message: 'That vehicle could not be found.',
    when: 'A vehicle id that does not exist, or is not yours.',
  },
  WORK_ORDER_NOT_FOUND: {
    status: 404,
    message: 'That work order could not be found.',
    when: 'A work order id or number that does not exist, or is not yours.',
  },
  VEHICLE_OF_ANOTHER_CUSTOMER: {
    status: 422,
    message: 'This vehicle belongs to another customer.',
    when: "A work order's vehicle is not its customer's.",
  },
  OUTSIDE_OPENING_HOURS: {
    status: 422,
    message: 'The workshop is closed then: choose a time between 08:00 and 18:00, Monday to Saturday.',
    when: 'A work order is scheduled outside the opening hours in Amsterdam.',
  },
  FINISH_BEFORE_START: {
    status: 422,
    message: 'The promised time lies before the scheduled time.',
    when: "A work order's promised time is before its scheduled time.",
  },
  TECHNICIAN_DOUBLE_BOOKED: {
    status: 409,
    message: 'The technician has another work order at that time.',
    when: 'Two live work orders of one technician overlap in time.',
  },
  CUSTOMER_DAILY_LIMIT: {
    status: 409,
    message: 'This customer has the most work orders a day allows already.',
    when: 'A customer would have more work orders on one day than the constant allows.',
  },
  WORK_ORDER_LOCKED: {
    status: 409,
    message: 'An invoiced work order cannot change.',
    when: 'An update of an invoiced or cancelled work order.',
  },
});
