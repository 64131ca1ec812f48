import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { betterAuth } from 'better-auth';
import { prismaAdapter } from 'better-auth/adapters/prisma';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { identityLifetimes, limits } from '../../../shared/constants.ts';
import { defaultRole } from '../../../shared/permissions.ts';
import { product } from '../../../shared/product.ts';
import { ownOrigins, publicUrl, type Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { engineOf } from '../../db/engines.ts';
import { currentClient, inTransaction, joiningTransactions } from '../../db/transaction.ts';
import type { EmailMessage, EmailPort } from '../../email/email-port.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { signUpByLink } from './sign-up-by-link.ts';
import { recordChanges, sessionChange, userChange } from '../../live/record-change.ts';

/** The header the auth library reads the client's address from; set by us, never by a client. */
export const CLIENT_IP_HEADER = 'x-app-client-ip';

const HOUR_S = 60 * 60;

/** Hashes and checks passwords: the library's own scrypt unless a test watches it. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export interface AuthDependencies {
  config: Config;
  db: Database;
  email: EmailPort;
  log: FastifyBaseLogger;
  passwordHasher?: PasswordHasher;
}

/**
 * better-auth does the security-critical parts: password hashing (scrypt), session
 * tokens and signed cookies, verification and reset tokens, API keys stored hashed.
 * Its HTTP routes are not mounted: every auth operation is a tRPC procedure that
 * calls `auth.api.*` (src/server/features/auth/), so inputs, errors and access rules
 * follow the rest of the app (docs/decisions/0009-identity-and-access.md).
 */
export function createAuth({
  config,
  db,
  email,
  log,
  passwordHasher = { hash: hashPassword, verify: verifyPassword },
}: AuthDependencies) {
  const origin = publicUrl(config);
  const naming = cookieNaming(origin);
  const settings: AuthSettings = {
    secret: resolveAuthSecret(config),
    sessionCookie: `${naming.cookiePrefix}.session_token`,
    expiresInMs: identityLifetimes.sessionDays * 24 * HOUR_S * 1000,
    updateAgeMs: 24 * HOUR_S * 1000,
    passwordHasher,
  };
  // The library logs and swallows a failing send callback; the transaction around
  // the call must fail instead, or a token would commit without its e-mail.
  const queue = async (message: EmailMessage) => {
    try {
      await email.send(message);
    } catch (error) {
      const scope = emailFailures.getStore();
      if (scope) scope.error ??= new Error('The e-mail could not be queued', { cause: error });
      throw error;
    }
  };
  /**
   * The library's send callback for a template that carries a link with the token:
   * the link's path is the template's name (the client's route of the same name).
   */
  const sendLink =
    (name: 'verify-email' | 'reset-password') =>
    async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
      const url = new URL(`/${name}?token=${encodeURIComponent(token)}`, origin).href;
      await queue({
        to: user.email,
        template: { name, data: { name: user.name, url } },
        idempotencyKey: `${name}:${token}`,
      });
    };

  const auth = betterAuth({
    appName: product.name,
    baseURL: origin.origin,
    secret: settings.secret,
    // `transaction: true` makes the library's multi-step writes atomic; through
    // joiningTransactions they also join ours, with the e-mails queued in between.
    database: prismaAdapter(joiningTransactions(db), { provider: engineOf(config.DATABASE_URL), transaction: true }),
    // The same origins the app's own cross-site check accepts as this server (no TRUSTED_ORIGINS:
    // the library's routes are not mounted, and no redirect of its goes elsewhere).
    trustedOrigins: ownOrigins(config),
    telemetry: { enabled: false },
    // The library's own messages go to the app's log; a refused key is routine, not an error.
    logger: {
      log: (level, message, ...args: unknown[]) => {
        const err = args.find((arg) => arg instanceof Error);
        log[level === 'error' ? 'warn' : level]({ source: 'auth', ...(err ? { err } : {}) }, message);
      },
    },
    // Limits are the app's own (per procedure); the library's apply to its HTTP routes only.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: limits.password.min,
      maxPasswordLength: limits.password.max,
      password: passwordHasher,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: identityLifetimes.resetLinkHours * HOUR_S,
      sendResetPassword: sendLink('reset-password'),
      // The reset link proved the mailbox, and its holder chose the password: every
      // other reset link of the account ends (one use per request is not enough), and
      // an address still unconfirmed is confirmed.
      onPasswordReset: async ({ user }) => {
        const client = currentClient(db);
        await client.verification.deleteMany({
          where: { identifier: { startsWith: 'reset-password:' }, value: user.id },
        });
        await client.user.updateMany({ where: { id: user.id, emailVerified: false }, data: { emailVerified: true } });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in before confirming sends a fresh link: an expired one never strands anyone.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: identityLifetimes.verificationLinkHours * HOUR_S,
      sendVerificationEmail: sendLink('verify-email'),
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: defaultRole, input: false },
        disabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: settings.expiresInMs / 1000,
      updateAge: settings.updateAgeMs / 1000,
      // Every request reads the session row, so a revoked session is refused at once.
      cookieCache: { enabled: false },
    },
    advanced: {
      ...naming,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // FIRST_ADMIN_EMAIL: whoever signs up with it while no admin exists becomes one.
          before: async (user) => {
            if (user.email.toLowerCase() !== config.FIRST_ADMIN_EMAIL?.toLowerCase()) return;
            const admins = await currentClient(db).user.count({ where: { role: 'admin' } });
            return admins === 0 ? { data: { ...user, role: 'admin' } } : undefined;
          },
          after: async (user) => {
            await recordChanges(db, [userChange(user.id)]);
          },
        },
        update: {
          after: async (user) => {
            await recordChanges(db, [userChange(user.id)]);
          },
        },
      },
      session: {
        create: {
          // A disabled user cannot start a session, however they authenticate.
          before: async (session) => {
            const user = await currentClient(db).user.findUnique({
              where: { id: session.userId },
              select: { disabled: true },
            });
            if (user?.disabled) throw new APIError('FORBIDDEN', { code: 'USER_DISABLED', message: 'User is disabled' });
          },
          // Live updates: the person's own sessions list, and everyone's (docs/decisions/0040).
          after: async (session) => {
            await recordChanges(db, [sessionChange(session.id, session.userId)]);
          },
        },
        delete: {
          after: async (session) => {
            await recordChanges(db, [sessionChange(session.id, session.userId)]);
          },
        },
      },
    },
    plugins: [
      // Sign-up is `beginSignUp` + `confirmSignUp`: the password is chosen on the link's page.
      signUpByLink(),
    ],
  });
  settingsOf.set(auth, settings);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** What the app itself reads a session cookie and hashes a password with: the settings it gave the library. */
export interface AuthSettings {
  secret: string;
  /** The session cookie's name. */
  sessionCookie: string;
  /** A session lives this long from its last extension… */
  expiresInMs: number;
  /** …and a mutation extends it once it is this old. */
  updateAgeMs: number;
  passwordHasher: PasswordHasher;
}

const settingsOf = new WeakMap<object, AuthSettings>();

export function authSettings(auth: Auth): AuthSettings {
  const settings = settingsOf.get(auth);
  if (!settings) throw new Error('This auth instance was not made by createAuth.');
  return settings;
}

/** The name every auth cookie starts with, before the library's `.session_token`. */
const COOKIE_PREFIX = 'app';

/**
 * Over TLS the cookies are `__Host-app.*`: browsers then accept them only with
 * Secure, Path=/ and no Domain, so no other host (a sibling subdomain, an
 * http:// page) can set or overwrite them (ASVS 5 V3.3.3). The library only knows
 * `__Secure-`, which it would put in front of ours, so its prefix stays off and
 * Secure is set directly. Over plain http (local runs) browsers refuse Secure
 * cookies, so there is neither prefix nor Secure.
 */
function cookieNaming(origin: URL) {
  const tls = origin.protocol === 'https:';
  return {
    cookiePrefix: tls ? `__Host-${COOKIE_PREFIX}` : COOKIE_PREFIX,
    useSecureCookies: false,
    defaultCookieAttributes: { secure: tls, path: '/', sameSite: 'lax' as const, httpOnly: true },
  };
}

const emailFailures = new AsyncLocalStorage<{ error?: Error }>();

/**
 * Runs auth library calls in one database transaction, so the rows they write (a
 * reset token, a new user) and the e-mails they queue commit together or not at all:
 * the library reaches the database through `joiningTransactions`.
 */
export async function inAuthTransaction<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const scope: { error?: Error } = {};
  return emailFailures.run(scope, () =>
    inTransaction(db, async () => {
      const result = await work();
      if (scope.error) throw scope.error;
      return result;
    }),
  );
}
