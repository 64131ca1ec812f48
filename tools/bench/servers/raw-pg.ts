/**
 * The PostgreSQL leg's baseline: a plain Fastify route that reads the caller's session
 * and user with the `pg` driver, one indexed read (`Session.token` is unique) as a named
 * prepared statement on a pool of 10 (the app's default DATABASE_POOL_SIZE), and answers
 * the row. It takes the token from the session cookie as it is (no signature check, no
 * expiry or disabled check): the least a server on PostgreSQL can do to answer "who is
 * calling", so the PostgreSQL cases' ratios to it show what the framework costs over the
 * driver and the round trip. The statement is the app's own (viewer.ts), on the app's
 * migrated database.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const SESSION_WITH_USER = `
  SELECT s."id" AS "sessionId", s."expiresAt", u."id" AS "userId", u."email", u."name", u."role", u."disabled"
  FROM "Session" s JOIN "User" u ON u."id" = s."userId" WHERE s."token" = $1`;

/** The session token: the cookie's value up to its signature (`<token>.<signature>`, URL-encoded). */
function tokenOf(cookieHeader: string | undefined): string | undefined {
  const value = /(?:^|;\s*)[\w.-]*session_token=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  return value === undefined ? undefined : decodeURIComponent(value).split('.')[0];
}

const app = Fastify({ logger: false });
app.get('/raw-pg', async (request, reply) => {
  const token = tokenOf(request.headers.cookie);
  if (!token) return reply.code(401).send({ error: 'no session cookie' });
  const { rows } = await pool.query({ name: 'session-with-user', text: SESSION_WITH_USER, values: [token] });
  if (!rows[0]) return reply.code(401).send({ error: 'no such session' });
  return { result: { data: { json: rows[0] as unknown } } };
});
app.get('/readyz', async () => {
  await pool.query('SELECT 1');
  return { status: 'ready' };
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end());
});
