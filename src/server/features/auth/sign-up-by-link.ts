import { randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createEmailVerificationToken } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { verifyJWT } from 'better-auth/crypto';
import { getCurrentAdapter, runWithTransaction } from '@better-auth/core/context';
import { BASE_ERROR_CODES } from '@better-auth/core/error';
import * as z from 'zod';
import { setPassword } from './set-password.ts';

/**
 * What a verification link's token carries: the address, and the name given with
 * the sign-up that sent it (absent from links the library sent itself). A
 * change-of-address token (`updateTo`) is not one.
 */
const linkPayload = z.object({ email: z.email(), name: z.string().optional(), updateTo: z.never().optional() });

/**
 * Sign-up in two steps, so that the password of an account is only ever chosen by
 * whoever holds its mailbox: a pre-registered account (someone else signing up first
 * with your address, "Pre-hijacked accounts", USENIX Security 2022) then has no
 * password for its maker to use (docs/decisions/, pre-registration takeover).
 *
 * - `beginSignUp` (name, address) e-mails a link to the address: for a new address
 *   it creates the account without a password; for one still waiting for its
 *   confirmation it sends a fresh link, whoever asks; for a confirmed one it does
 *   nothing (its owner signs in, or resets the password). The caller cannot tell which.
 *   The link carries the name given with it.
 * - `confirmSignUp` (the link's token, a password) confirms the address, sets that
 *   password (replacing any set before, e.g. by an older version of this flow) and
 *   the link's name, ends any earlier session, and signs the person in: so the
 *   owner who signs up again and follows their own link gets their own name too. It is a compare-and-set on
 *   the address's unconfirmed state: of calls racing with one link, one wins and
 *   the others get INVALID_TOKEN; a used link confirms nothing again.
 *
 * Server-only: the auth library's HTTP routes are not mounted; the app's tRPC
 * procedures call these through `auth.api`.
 */
export function signUpByLink() {
  return {
    id: 'sign-up-by-link',
    endpoints: {
      beginSignUp: createAuthEndpoint(
        '/sign-up-by-link/begin',
        {
          method: 'POST',
          body: z.object({ name: z.string(), email: z.email() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const { options, internalAdapter, secret, baseURL } = ctx.context;
          const sendLink = options.emailVerification?.sendVerificationEmail;
          if (!sendLink) throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.VERIFICATION_EMAIL_NOT_ENABLED);
          const { name } = ctx.body;
          const email = ctx.body.email.toLowerCase();
          return runWithTransaction(ctx.context.adapter, async () => {
            const found = await internalAdapter.findUserByEmail(email);
            if (found?.user.emailVerified) return ctx.json({ status: true });
            const user =
              found?.user ?? (await internalAdapter.createUser({ email, name }, { method: 'email-password' }));
            // A token of its own for each request (`jti`), so each sign-up gets its own link.
            const token = await createEmailVerificationToken(
              secret,
              email,
              undefined,
              options.emailVerification?.expiresIn,
              { name, jti: randomUUID() },
            );
            const url = `${baseURL}/verify-email?token=${encodeURIComponent(token)}`;
            // Awaited inside the transaction: the account and its e-mail commit together.
            await sendLink({ user: { ...user, name }, url, token }, ctx.request);
            return ctx.json({ status: true });
          });
        },
      ),

      /**
       * "Resend confirmation": a fresh link for an address still waiting for its
       * confirmation, with the name it signed up with; nothing for an unknown or a
       * confirmed one (the caller cannot tell which). It never creates an account.
       */
      resendSignUpLink: createAuthEndpoint(
        '/sign-up-by-link/resend',
        {
          method: 'POST',
          body: z.object({ email: z.email() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const { options, internalAdapter, secret } = ctx.context;
          const sendLink = options.emailVerification?.sendVerificationEmail;
          if (!sendLink) throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.VERIFICATION_EMAIL_NOT_ENABLED);
          const email = ctx.body.email.toLowerCase();
          const found = await internalAdapter.findUserByEmail(email);
          if (!found || found.user.emailVerified) return ctx.json({ status: true });
          const { user } = found;
          const token = await createEmailVerificationToken(
            secret,
            email,
            undefined,
            options.emailVerification?.expiresIn,
            { name: user.name, jti: randomUUID() },
          );
          const url = `${ctx.context.baseURL}/verify-email?token=${encodeURIComponent(token)}`;
          await sendLink({ user, url, token }, ctx.request);
          return ctx.json({ status: true });
        },
      ),

      /**
       * Whether a verification link can still confirm its address, without using it:
       * its signature and expiry hold, and the address is still unconfirmed.
       */
      checkSignUpLink: createAuthEndpoint(
        '/sign-up-by-link/check',
        {
          method: 'POST',
          body: z.object({ token: z.string() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const payload = linkPayload.safeParse(await verifyJWT(ctx.body.token, ctx.context.secret));
          if (!payload.success) return ctx.json({ usable: false });
          const found = await ctx.context.internalAdapter.findUserByEmail(payload.data.email.toLowerCase());
          return ctx.json({ usable: found !== null && !found.user.emailVerified });
        },
      ),

      confirmSignUp: createAuthEndpoint(
        '/sign-up-by-link/confirm',
        {
          method: 'POST',
          body: z.object({ token: z.string(), password: z.string() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const { internalAdapter, password: passwords, secret } = ctx.context;
          const { token, password } = ctx.body;
          if (password.length < passwords.config.minPasswordLength)
            throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.PASSWORD_TOO_SHORT);
          if (password.length > passwords.config.maxPasswordLength)
            throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.PASSWORD_TOO_LONG);
          const payload = linkPayload.safeParse(await verifyJWT(token, secret));
          if (!payload.success) throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.INVALID_TOKEN);
          const { name } = payload.data;
          const email = payload.data.email.toLowerCase();

          // Hashed before the transaction opens: scrypt must never hold a connection.
          const hash = await passwords.hash(password);
          const confirmed = await runWithTransaction(ctx.context.adapter, async () => {
            const adapter = await getCurrentAdapter(ctx.context.adapter);
            // The compare-and-set: only the call that turns the flag wins the link.
            const won = await adapter.updateMany({
              model: 'user',
              where: [
                { field: 'email', value: email },
                { field: 'emailVerified', value: false },
              ],
              update: { emailVerified: true, ...(name ? { name } : {}), updatedAt: new Date() },
            });
            if (won !== 1) return null;
            const found = await internalAdapter.findUserByEmail(email);
            if (!found) return null;
            const { user } = found;
            await setPassword(internalAdapter, user.id, hash);
            await internalAdapter.deleteUserSessions(user.id);
            const session = await internalAdapter.createSession(user.id);
            return { user, session };
          });
          if (!confirmed) throw APIError.from('BAD_REQUEST', BASE_ERROR_CODES.INVALID_TOKEN);
          await setSessionCookie(ctx, confirmed);
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
