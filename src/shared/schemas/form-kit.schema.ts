import { z } from 'zod';
import { limits } from '../constants.ts';
import { emailSchema, idSchema, longTextSchema, shortTextSchema } from './common.schema.ts';
import { calendarDate, money, zonedDateTime } from './fields.schema.ts';

/**
 * The form kit's example (/admin/form-kit): one field of every kind the kit has, under
 * the rules a real feature would give them. Nothing on the server takes it; it shows
 * a feature's schema how to hold strings in the form and parse them into stored values.
 */

/** The zone the example's meeting time is read in; a real feature would take the organisation's. */
export const formKitZone = 'Europe/Berlin';

export const formKitPlans = ['basic', 'team', 'enterprise'] as const;
export const formKitChannels = ['email', 'sms', 'push'] as const;

export const formKitSchema = z.object({
  name: shortTextSchema,
  email: emailSchema,
  password: z.string().min(limits.password.min).max(limits.password.max),
  notes: longTextSchema,
  plan: z.enum(formKitPlans),
  /** A related record: one of the users (admin.users.list), by id. */
  ownerId: idSchema,
  channels: z.array(z.enum(formKitChannels)).min(1).max(formKitChannels.length),
  seats: z.number().int().min(1).max(500),
  /** Euro amount in cents. */
  price: money({ decimals: 2 }),
  startsOn: calendarDate(),
  meetingAt: zonedDateTime(formKitZone),
});

export type FormKitValues = z.output<typeof formKitSchema>;
