import { z } from 'zod';
import {
  changePasswordInputSchema,
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
  sessionIdInputSchema,
  sessionSummarySchema,
  signInInputSchema,
  signUpInputSchema,
  verifyEmailInputSchema,
  viewerSchema,
} from '../../../shared/schemas/auth.schema.ts';
import { limits } from '../../../shared/constants.ts';
import { permittedProcedure, publicProcedure, router, signedInProcedure } from '../../trpc/init.ts';
import * as service from './auth.service.ts';

/** Accounts and sessions: sign-up, sign-in, verification, passwords, own sessions. */
export const authRouter = router({
  signUp: publicProcedure
    .input(signUpInputSchema)
    .output(z.object({ verificationSent: z.literal(true) }))
    .mutation(({ ctx, input }) => service.signUp(ctx, input)),
  signIn: publicProcedure.input(signInInputSchema).mutation(({ ctx, input }) => service.signIn(ctx, input)),
  verifyEmail: publicProcedure
    .input(verifyEmailInputSchema)
    .mutation(({ ctx, input }) => service.verifyEmail(ctx, input)),
  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInputSchema)
    .mutation(({ ctx, input }) => service.requestPasswordReset(ctx, input)),
  resetPassword: publicProcedure
    .input(resetPasswordInputSchema)
    .mutation(({ ctx, input }) => service.resetPassword(ctx, input)),

  /** The signed-in person, or null: the browser asks on load. */
  viewer: publicProcedure.output(viewerSchema.nullable()).query(async ({ ctx }) => {
    const credentials = await ctx.credentials();
    return credentials.kind === 'valid' ? service.describeViewer(credentials.viewer) : null;
  }),
  signOut: signedInProcedure.mutation(({ ctx }) => service.signOut(ctx)),
  changePassword: signedInProcedure
    .input(changePasswordInputSchema)
    .mutation(({ ctx, input }) => service.changePassword(ctx, input)),

  sessions: router({
    list: permittedProcedure('read:sessions:own')
      .output(z.array(sessionSummarySchema).max(limits.page.maxSize))
      .query(({ ctx }) => service.listOwnSessions(ctx, ctx.viewer)),
    revoke: permittedProcedure('revoke:sessions:own')
      .input(sessionIdInputSchema)
      .mutation(({ ctx, input }) => service.revokeOwnSession(ctx, ctx.viewer, input.id)),
  }),
});
