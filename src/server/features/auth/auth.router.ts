import { z } from 'zod';
import {
  changePasswordInputSchema,
  checkLinkInputSchema,
  checkLinkResultSchema,
  resendConfirmationInputSchema,
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
  sessionIdInputSchema,
  sessionSummarySchema,
  signInInputSchema,
  signUpInputSchema,
  signUpResultSchema,
  verifyEmailInputSchema,
  viewerSchema,
} from '../../../shared/schemas/auth.schema.ts';
import { limits } from '../../../shared/constants.ts';
import { defineMutation, defineQuery, router } from '../../trpc/procedure.ts';
import * as service from './auth.service.ts';

/**
 * What a public form's call keeps out of the audit trail: who the address or name is
 * (redacted), and the honeypot `website` (dropped: bot bait, not anything a person sent;
 * honeypot.ts).
 */
const publicForm = { redact: ['email', 'name'], drop: ['website'] } as const;

/** Accounts and sessions: sign-up, sign-in, verification, passwords, own sessions. */
export const authRouter = router({
  signUp: defineMutation({
    summary: 'Starts an account: e-mails a link on which its holder chooses a password.',
    access: 'public',
    input: signUpInputSchema,
    output: signUpResultSchema,
    errors: [],
    handler: ({ ctx, input }) => service.signUp(ctx, input),
    audit: publicForm,
  }),
  signIn: defineMutation({
    summary: 'Signs in with e-mail and password; the session cookie comes with the answer.',
    access: 'public',
    input: signInInputSchema,
    output: z.void(),
    errors: ['INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'ACCOUNT_DISABLED'],
    handler: ({ ctx, input }) => service.signIn(ctx, input),
    audit: publicForm,
  }),
  verifyEmail: defineMutation({
    summary: 'Confirms the address of an e-mailed link with the password its holder chooses, and signs them in.',
    access: 'public',
    input: verifyEmailInputSchema,
    output: z.void(),
    errors: ['INVALID_TOKEN'],
    handler: ({ ctx, input }) => service.verifyEmail(ctx, input),
  }),
  requestPasswordReset: defineMutation({
    summary: 'E-mails a password-reset link if the address has an account; the answer is the same either way.',
    access: 'public',
    input: requestPasswordResetInputSchema,
    output: z.void(),
    errors: [],
    handler: ({ ctx, input }) => service.requestPasswordReset(ctx, input),
    audit: publicForm,
  }),
  resetPassword: defineMutation({
    summary: 'Sets a new password with an e-mailed reset link.',
    access: 'public',
    input: resetPasswordInputSchema,
    output: z.void(),
    errors: ['INVALID_TOKEN'],
    handler: ({ ctx, input }) => service.resetPassword(ctx, input),
  }),
  checkLink: defineQuery({
    summary: 'Says whether an e-mailed reset or verification link can still be used, without using it.',
    access: 'public',
    input: checkLinkInputSchema,
    output: checkLinkResultSchema,
    errors: [],
    handler: ({ ctx, input }) => service.checkLink(ctx, input),
  }),
  resendConfirmation: defineMutation({
    summary:
      'E-mails a new confirmation link if the address waits for its confirmation; the answer is the same either way.',
    access: 'public',
    input: resendConfirmationInputSchema,
    output: z.void(),
    errors: [],
    handler: ({ ctx, input }) => {
      service.resendConfirmation(ctx, input);
    },
    audit: publicForm,
  }),
  viewer: defineQuery({
    summary: 'The signed-in person, or null: the browser asks on load.',
    access: 'public',
    output: viewerSchema.nullable(),
    errors: [],
    handler: async ({ ctx }) => {
      const credentials = await ctx.credentials();
      return credentials.kind === 'valid' ? service.describeViewer(credentials.viewer) : null;
    },
  }),
  signOut: defineMutation({
    summary: 'Ends the current session.',
    access: 'signed-in',
    output: z.void(),
    errors: [],
    handler: ({ ctx }) => service.signOut(ctx),
  }),
  changePassword: defineMutation({
    summary: 'Changes the password, given the current one; every other session ends.',
    access: 'signed-in',
    input: changePasswordInputSchema,
    output: z.void(),
    errors: ['INVALID_CREDENTIALS'],
    handler: ({ ctx, input }) => service.changePassword(ctx, input),
  }),

  sessions: router({
    list: defineQuery({
      summary: 'The caller’s own live sessions, newest first.',
      access: { permission: 'read:sessions:own' },
      output: z.array(sessionSummarySchema).max(limits.page.maxSize),
      errors: [],
      handler: ({ ctx }) => service.listOwnSessions(ctx, ctx.viewer),
    }),
    revoke: defineMutation({
      summary: 'Ends one of the caller’s own sessions.',
      access: { permission: 'revoke:sessions:own' },
      input: sessionIdInputSchema,
      output: z.void(),
      errors: ['NOT_FOUND'],
      handler: ({ ctx, input }) => service.revokeOwnSession(ctx, ctx.viewer, input.id),
      audit: { target: { entity: 'session', id: ({ input }) => input.id } },
    }),
  }),
});
