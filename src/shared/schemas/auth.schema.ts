import { z } from 'zod';
import { limits } from '../constants.ts';
import { emailSchema, idSchema, shortTextSchema } from './common.schema.ts';

/** [5] The identity forms' rules, shared by the sign-up and sign-in screens and the server. */

export const passwordSchema = z
  .string()
  .min(limits.password.min, `At least ${limits.password.min} characters`)
  .max(limits.password.max, `At most ${limits.password.max} characters`);

/** A one-time token from an e-mailed link. */
export const tokenSchema = z.string().min(1).max(limits.tokenLength);

/**
 * A honeypot (`website`): a field the public forms hide from people, which bots
 * that fill every input fill too. Bounded generously, so a bot's long value still
 * looks accepted; a non-empty one makes the server answer as usual and do nothing.
 */
export const honeypotSchema = z.string().max(limits.text.long).optional();

/**
 * No password at sign-up: it is chosen on the e-mailed link's page, so that only
 * whoever holds the mailbox can set one (a pre-registered account cannot be taken over).
 */
export const signUpInputSchema = z.object({
  name: shortTextSchema,
  email: emailSchema,
  website: honeypotSchema,
});
/** The same answer for a new, a pending and a confirmed address: a link is on its way to the first two. */
export const signUpResultSchema = z.object({ verificationSent: z.literal(true) });
export const signInInputSchema = z.object({
  email: emailSchema,
  // Any stored password length is accepted here: the rule applies when one is set.
  password: z.string().min(1, 'Required').max(limits.password.max, `At most ${limits.password.max} characters`),
  website: honeypotSchema,
});
/** The e-mailed link's token, and the password the person chooses on its page. */
export const verifyEmailInputSchema = z.object({ token: tokenSchema, password: passwordSchema });
export const requestPasswordResetInputSchema = z.object({ email: emailSchema, website: honeypotSchema });
export const resetPasswordInputSchema = z.object({ token: tokenSchema, password: passwordSchema });

/** "Resend confirmation": an address, and the public forms' honeypot. */
export const resendConfirmationInputSchema = z.object({ email: emailSchema, website: honeypotSchema });

/** Which e-mailed link to check, and its token: see `auth.checkLink`. */
export const checkLinkInputSchema = z.object({ kind: z.enum(['reset', 'verify']), token: tokenSchema });
export const checkLinkResultSchema = z.object({ usable: z.boolean() });

/**
 * A new password typed twice, on the screens that set one. The server takes the
 * password alone (a mistyped confirmation never reaches it); the check is here so
 * any form with a confirmation field, and any server input that takes one, share it.
 */
export const confirmPasswordSchema = z.string().max(limits.password.max);
export function passwordsMatch(values: { password: string; confirmPassword: string }): boolean {
  return values.password === values.confirmPassword;
}
export const passwordsMismatch = { message: 'The passwords do not match.', path: ['confirmPassword'] };

/** The verify and reset screens' form: the token comes from the link. */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine(passwordsMatch, passwordsMismatch);

export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, 'Required').max(limits.password.max),
  newPassword: passwordSchema,
});
export const sessionIdInputSchema = z.object({ id: idSchema });

export const viewerSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  email: emailSchema,
  role: z.string().max(limits.idLength),
  permissions: z.array(z.string().max(limits.idLength)).max(limits.listItems),
});
export type ViewerOutput = z.infer<typeof viewerSchema>;

/** What a person may see about a session (never its token). */
export const sessionFieldsSchema = z.object({
  id: idSchema,
  createdAt: z.date(),
  expiresAt: z.date(),
  ipAddress: z.string().max(limits.idLength).nullable(),
  userAgent: z
    .string()
    .max(limits.text.short * 4)
    .nullable(),
});

export const sessionSummarySchema = sessionFieldsSchema.extend({ current: z.boolean() });
