import { AppError } from '../../../shared/errors.ts';
import { randomUUID } from 'node:crypto';
import { authSettings, inAuthTransaction } from '../auth/create-auth.ts';
import { engineOf } from '../../db/engines.ts';
import { currentClient } from '../../db/transaction.ts';
import { recordChanges, sessionChange, userChange } from '../../live/record-change.ts';
import type { InnerContext } from '../../trpc/context.ts';
import { viaAuthLibrary } from '../auth/auth-errors.ts';

/**
 * The first run (docs/decisions/0019-first-run.md): while no administrator exists,
 * whoever holds the link the server printed at start creates one, signed in at once.
 */
type Ctx = Pick<InnerContext, 'auth' | 'authHeaders' | 'setCookies' | 'db' | 'config' | 'setupToken'>;

/** Any number, the same on every instance: PostgreSQL's lock of the first run. */
const SETUP_LOCK_KEY = 7_242_019;

/**
 * Refuses unless setup is still open and `token` is this process's. An administrator
 * is checked first, so a used or stale link says setup is done rather than "wrong
 * link"; once one is seen, the token is retired for the life of the process.
 */
async function assertSetupOpen(ctx: Ctx, token: string): Promise<void> {
  const admins = await currentClient(ctx.db).user.count({ where: { role: 'admin' } });
  if (admins > 0) {
    ctx.setupToken.retire();
    throw new AppError('SETUP_NOT_AVAILABLE');
  }
  if (!ctx.setupToken.matches(token)) throw new AppError('SETUP_TOKEN_INVALID');
}

/** Whether the link works: the setup screen asks before it shows the form. */
export async function checkSetupLink(ctx: Ctx, token: string): Promise<{ ready: true }> {
  await assertSetupOpen(ctx, token);
  return { ready: true };
}

/**
 * Creates the first administrator, confirmed (the link proved the operator, no
 * e-mail is needed), and signs them in. An account already signed up with the
 * address (perhaps stuck unconfirmed, the very problem this solves) becomes the
 * administrator: its password is replaced by this one and its sessions end, so
 * nothing set by whoever signed it up survives. One transaction re-checks that no
 * administrator exists, writes, and starts the session; on PostgreSQL a lock makes
 * instances and concurrent calls take turns, so exactly one administrator results.
 */
export async function createFirstAdmin(
  ctx: Ctx,
  input: { token: string; name: string; email: string; password: string },
): Promise<void> {
  const { token, name, password } = input;
  const email = input.email.toLowerCase();
  // Refused before any hashing: a guess costs the server one query.
  await assertSetupOpen(ctx, token);
  // Outside the transaction: on SQLite it holds the only connection.
  const hash = await authSettings(ctx.auth).passwordHasher.hash(password);
  await viaAuthLibrary(() =>
    inAuthTransaction(ctx.db, async () => {
      const db = currentClient(ctx.db);
      if (engineOf(ctx.config.DATABASE_URL) === 'postgresql') {
        await db.$executeRaw`SELECT pg_advisory_xact_lock(${SETUP_LOCK_KEY}::bigint)`;
      }
      await assertSetupOpen(ctx, token);
      const admin = { name, role: 'admin', emailVerified: true, disabled: false };
      const { id: userId } = await db.user.upsert({
        where: { email },
        create: { id: randomUUID(), email, ...admin },
        update: admin,
        select: { id: true },
      });
      const sessions = await db.session.findMany({ where: { userId }, select: { id: true } });
      await db.session.deleteMany({ where: { userId } });
      // The e-mail-and-password credential, as the library's sign-up links it.
      const credential = await db.account.findFirst({
        where: { userId, providerId: 'credential' },
        select: { id: true },
      });
      if (credential) await db.account.update({ where: { id: credential.id }, data: { password: hash } });
      else {
        await db.account.create({
          data: { id: randomUUID(), userId, providerId: 'credential', accountId: userId, password: hash },
        });
      }
      await recordChanges(ctx.db, [userChange(userId), ...sessions.map(({ id }) => sessionChange(id, userId))]);
    }),
  );
  ctx.setupToken.retire();
  // The library's own sign-in, once the administrator is committed (its password check
  // must not hold SQLite's one connection): the session and its signed cookie, as auth.signIn makes them.
  const { headers } = await viaAuthLibrary(() =>
    ctx.auth.api.signInEmail({ body: { email, password }, headers: ctx.authHeaders, returnHeaders: true }),
  );
  ctx.setCookies(headers.getSetCookie());
}
