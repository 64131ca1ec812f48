import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { emailSchema } from '../../../shared/schemas/common.schema.ts';
import { limits } from '../../../shared/constants.ts';
import type { RecordingEmail } from '../../email/email-port.ts';
import { publicProcedure, router } from '../../trpc/init.ts';

/**
 * Development helpers. `latestEmail` answers only with DEV_MAILBOX=true, which the
 * configuration refuses in production: until the e-mail issue adds the outbox and
 * its mailbox screen, it is how development and end-to-end tests follow e-mailed links.
 */
export const devRouter = router({
  latestEmail: publicProcedure
    .input(z.object({ to: emailSchema, template: z.enum(['verify-email', 'reset-password']).optional() }))
    .output(
      z
        .object({
          to: emailSchema,
          template: z.string().max(limits.idLength),
          url: z.string().max(limits.tokenLength),
        })
        .nullable(),
    )
    .query(({ ctx, input }) => {
      if (!ctx.config.DEV_MAILBOX) throw new AppError('NOT_FOUND');
      const message = (ctx.email as RecordingEmail).latestTo(input.to, input.template);
      return message ? { to: message.to, template: message.template.name, url: message.template.data.url } : null;
    }),
});
