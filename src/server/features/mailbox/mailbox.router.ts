import {
  emailTemplateListSchema,
  listOutboxInputSchema,
  outboxMessageInputSchema,
  outboxMessageSchema,
  outboxPageSchema,
  previewTemplateInputSchema,
  renderedEmailSchema,
} from '../../../shared/schemas/mailbox.schema.ts';
import { defineQuery, router } from '../../trpc/procedure.ts';
import * as service from './mailbox.service.ts';

/** Admins (or anyone, with MAILBOX=open) read the outbox; MAILBOX=off hides it (NOT_FOUND). */
const mailboxAccess = { permission: 'read:mailbox:any', switch: 'MAILBOX' } as const;

/**
 * The mailbox: every transactional e-mail in the outbox with its delivery state,
 * and the template gallery. In development it is where e-mailed links are read.
 */
export const mailboxRouter = router({
  messages: defineQuery({
    summary: 'One page of the outbox, newest first, filtered by recipient, template or status.',
    access: mailboxAccess,
    input: listOutboxInputSchema,
    output: outboxPageSchema,
    errors: [],
    handler: ({ ctx, input }) => service.listMessages(ctx, input),
  }),
  message: defineQuery({
    summary: 'One outbox message with its rendered HTML and text.',
    access: mailboxAccess,
    input: outboxMessageInputSchema,
    output: outboxMessageSchema,
    errors: ['NOT_FOUND'],
    handler: ({ ctx, input }) => service.readMessage(ctx, input.id),
  }),
  templates: defineQuery({
    summary: 'The e-mail templates, by name and description.',
    access: mailboxAccess,
    output: emailTemplateListSchema,
    errors: [],
    handler: () => service.listTemplates(),
  }),
  preview: defineQuery({
    summary: 'One template rendered with its fixture data.',
    access: mailboxAccess,
    input: previewTemplateInputSchema,
    output: renderedEmailSchema,
    errors: ['NOT_FOUND'],
    handler: ({ input }) => service.previewTemplate(input.name),
  }),
});
