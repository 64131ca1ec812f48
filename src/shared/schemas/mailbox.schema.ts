import { z } from 'zod';
import { limits } from '../constants.ts';
import { idSchema, pageInputSchema, pageOf } from './common.schema.ts';

/** [7] The mailbox: transactional e-mails in the outbox, and the template gallery. */

/**
 * An outbox row's life: `pending` (waiting, or waiting to retry) → `sending` (a
 * dispatcher holds it) → `sent`, or back to `pending` after a failed attempt, or
 * `failed` after the last attempt or a permanent refusal.
 */
export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export const outboxStatusSchema = z.enum(outboxStatuses);
export type OutboxStatus = z.infer<typeof outboxStatusSchema>;

/** How the server delivers e-mail: `log` only keeps it (in the log and the mailbox). */
export const outboxTransportSchema = z.enum(['smtp', 'log']);
export type OutboxTransport = z.infer<typeof outboxTransportSchema>;

const templateNameSchema = z.string().trim().min(1).max(limits.idLength);
const recipientSchema = z.string().max(limits.emailLength);

export const listOutboxInputSchema = pageInputSchema.extend({
  /** Part of an address, case-insensitive. */
  recipient: z.string().trim().max(limits.emailLength).optional(),
  template: templateNameSchema.optional(),
  status: outboxStatusSchema.optional(),
});

export const outboxSummarySchema = z.object({
  id: idSchema,
  recipient: recipientSchema,
  template: templateNameSchema,
  subject: z.string().max(limits.email.subjectLength),
  status: outboxStatusSchema,
  attempts: z.number().int().min(0),
  nextAttemptAt: z.date(),
  lastError: z.string().max(limits.email.errorLength).nullable(),
  requestId: z.string().max(limits.idLength).nullable(),
  createdAt: z.date(),
  sentAt: z.date().nullable(),
  /** The server's transport: a `sent` message with `log` was kept, not delivered. */
  transport: outboxTransportSchema,
});
export const outboxPageSchema = pageOf(outboxSummarySchema);

export const outboxMessageSchema = outboxSummarySchema.extend({
  messageId: z.string().max(limits.text.long),
  html: z.string().max(limits.email.bodyLength),
  text: z.string().max(limits.email.bodyLength),
});

export const outboxMessageInputSchema = z.object({ id: idSchema });

export const emailTemplateSummarySchema = z.object({
  name: templateNameSchema,
  description: z.string().max(limits.text.long),
});
export const emailTemplateListSchema = z.array(emailTemplateSummarySchema).max(limits.listItems);

export const previewTemplateInputSchema = z.object({ name: templateNameSchema });

export const renderedEmailSchema = z.object({
  name: templateNameSchema,
  subject: z.string().max(limits.email.subjectLength),
  html: z.string().max(limits.email.bodyLength),
  text: z.string().max(limits.email.bodyLength),
});
