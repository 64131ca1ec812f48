import {
  emailTemplateListSchema,
  listOutboxInputSchema,
  outboxMessageInputSchema,
  outboxMessageSchema,
  outboxPageSchema,
  previewTemplateInputSchema,
  renderedEmailSchema,
} from '../../../shared/schemas/mailbox.schema.ts';
import { router, switchedProcedure } from '../../trpc/init.ts';
import * as service from './mailbox.service.ts';

/** Admins (or anyone, with MAILBOX=open) read the outbox; MAILBOX=off hides it. */
const mailboxProcedure = switchedProcedure('read:mailbox:any', 'MAILBOX');

/**
 * The mailbox: every transactional e-mail in the outbox with its delivery state,
 * and the template gallery. In development it is where e-mailed links are read.
 */
export const mailboxRouter = router({
  messages: mailboxProcedure
    .input(listOutboxInputSchema)
    .output(outboxPageSchema)
    .query(({ ctx, input }) => service.listMessages(ctx, input)),
  message: mailboxProcedure
    .input(outboxMessageInputSchema)
    .output(outboxMessageSchema)
    .query(({ ctx, input }) => service.readMessage(ctx, input.id)),
  templates: mailboxProcedure.output(emailTemplateListSchema).query(() => service.listTemplates()),
  preview: mailboxProcedure
    .input(previewTemplateInputSchema)
    .output(renderedEmailSchema)
    .query(({ input }) => service.previewTemplate(input.name)),
});
