/**
 * `npm run user:create-admin -- <email>`: makes the first (or another) administrator.
 * An existing account is promoted, and its address confirmed. Otherwise an account is created with a random
 * password nobody sees, and a password-reset link is e-mailed (printed here while no
 * e-mail transport is configured): there is never a default password.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { z } from 'zod';
import { createAuth, type Auth } from '../server/features/auth/create-auth.ts';
import { loadConfig } from '../server/config.ts';
import { pendingMigrations } from '../server/db/applied-migrations.ts';
import { databaseOptionsFrom, openDatabase, type Database } from '../server/db/client.ts';
import { projectMigrationNames } from '../server/db/migration-folder.ts';
import { migrateDatabase } from '../server/db/migrations.ts';
import { createOutboxEmail, latestMessageTo, linkIn } from '../server/email/outbox.ts';
import { messageIdDomainOf } from '../server/email/sender.ts';

async function main(): Promise<number> {
  const email = z.email().safeParse(process.argv[2]);
  if (!email.success) {
    console.error('Usage: npm run user:create-admin -- <email>');
    return 2;
  }
  const config = loadConfig();
  let db = await openDatabase(databaseOptionsFrom(config));
  // A fresh clone may never have started; a running server has migrated already, and
  // the migration engine's exclusive lock would wait for it, so migrate only if needed.
  if ((await pendingMigrations(db, projectMigrationNames(config.DATABASE_URL))).length) {
    await db.$disconnect();
    await migrateDatabase(config.DATABASE_URL);
    db = await openDatabase(databaseOptionsFrom(config));
  }
  try {
    // Queued in the outbox: the running server delivers it through its transport.
    const outbox = createOutboxEmail({ db, messageIdDomain: messageIdDomainOf(config), onQueued: () => undefined });
    const auth = createAuth({ config, db, email: outbox, log: pino({ level: 'warn' }) });
    const existing = await db.user.findUnique({
      where: { email: email.data },
      select: { id: true, accounts: { where: { providerId: 'credential' }, select: { id: true } } },
    });
    if (existing) {
      // The operator vouches for the address: an account stuck unconfirmed (its link
      // only in the outbox, with no admin to read it) is confirmed and promoted.
      await db.user.update({
        where: { id: existing.id },
        data: { role: 'admin', disabled: false, emailVerified: true },
      });
      if (existing.accounts.length > 0) {
        console.log(`${email.data} is now an administrator, with a confirmed address: sign in with its password.`);
        return 0;
      }
      // Sign-up never finished (no password was chosen on the link's page): one is set by link.
      console.log(`${email.data} is now an administrator, with a confirmed address but no password yet.`);
      await printPasswordLink(auth, db, email.data);
      return 0;
    }
    const password = randomBytes(32).toString('base64url');
    await auth.api.signUpEmail({ body: { name: email.data.split('@')[0] ?? 'Admin', email: email.data, password } });
    // The operator vouches for the address; the reset link below proves the mailbox.
    await db.user.update({ where: { email: email.data }, data: { role: 'admin', emailVerified: true } });
    console.log(`Created administrator ${email.data}.`);
    await printPasswordLink(auth, db, email.data);
    return 0;
  } finally {
    await db.$disconnect();
  }
}

/** Queues a password-reset e-mail (the server sends it) and prints its link for the operator. */
async function printPasswordLink(auth: Auth, db: Database, address: string) {
  await auth.api.requestPasswordReset({ body: { email: address } });
  const message = await latestMessageTo(db, address, 'reset-password');
  const link = message && linkIn(message.text, '/reset-password')?.href;
  console.log('A password-reset e-mail is queued; the server sends it.');
  console.log('Or set a password with this link now (valid for one hour):');
  console.log(link);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Could not create the administrator: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
