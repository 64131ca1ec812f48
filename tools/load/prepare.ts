import Database from 'better-sqlite3';
import pg from 'pg';
import { linkIn } from '../../src/server/email/outbox.ts';
import { createScriptClient } from '../../src/scripts/script-client.ts';
import { LOAD_ADMIN_EMAIL } from './server.ts';

const PASSWORD = 'load test password, long enough';
/** Another account, for the admin to change: the write phase's target. */
const MEMBER_EMAIL = 'load-member@example.com';

export interface Fixtures {
  /** `name=value` of the admin's session cookie. */
  cookie: string;
  memberId: string;
}

async function call(origin: string, path: string, input: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(`${origin}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ json: input }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

const NEWEST_LINK =
  'SELECT "text" FROM "EmailOutbox" WHERE "recipient" = $1 AND "template" = $2 ORDER BY "createdAt" DESC LIMIT 1';

/** The newest message's text of a template to a recipient: a SQLite file's, or a PostgreSQL URL's database. */
async function newestMessageText(database: string, email: string, template: string): Promise<string | undefined> {
  if (/^postgres(?:ql)?:\/\//.test(database)) {
    const client = new pg.Client({ connectionString: database });
    await client.connect();
    try {
      const { rows } = await client.query<{ text: string }>(NEWEST_LINK, [email, template]);
      return rows[0]?.text;
    } finally {
      await client.end();
    }
  }
  const db = new Database(database, { readonly: true });
  try {
    return db.prepare<[string, string], { text: string }>(NEWEST_LINK.replace(/\$\d/g, '?')).get(email, template)?.text;
  } finally {
    db.close();
  }
}

/**
 * The newest verification link's token, read from the outbox table itself: in
 * production the mailbox procedures are for admins, and there is no admin yet.
 */
async function verificationToken(database: string, email: string): Promise<string> {
  const token = linkIn(
    (await newestMessageText(database, email, 'verify-email')) ?? '',
    '/verify-email',
  )?.searchParams.get('token');
  if (!token) throw new Error(`No verification link for ${email} in the outbox.`);
  return token;
}

/**
 * A verified admin with a session, and a member the admin may change. `database`: the
 * server's SQLite file, or its PostgreSQL URL.
 */
export async function prepareFixtures(origin: string, database: string): Promise<Fixtures> {
  await call(origin, 'auth.signUp', { name: 'Load Admin', email: LOAD_ADMIN_EMAIL });
  const verified = await call(origin, 'auth.verifyEmail', {
    token: await verificationToken(database, LOAD_ADMIN_EMAIL),
    password: PASSWORD,
  });
  const cookie = verified.headers
    .getSetCookie()
    .find((value) => value.includes('session_token='))
    ?.split(';')[0];
  if (!cookie) throw new Error('Verifying the admin set no session cookie.');

  await call(origin, 'auth.signUp', { name: 'Load Member', email: MEMBER_EMAIL });
  const admin = createScriptClient(origin, { headers: { cookie } });
  const listed = await admin.admin.users.list.query({ search: MEMBER_EMAIL });
  const memberId = listed.items[0]?.id;
  if (!memberId) throw new Error(`The member was not listed: ${JSON.stringify(listed)}`);
  return { cookie, memberId };
}
