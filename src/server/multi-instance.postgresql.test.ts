import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '../shared/errors.ts';
import { openDatabase } from './db/client.ts';
import { latestMessageTo, linkIn } from './email/outbox.ts';
import { PASSWORD } from './test/http-client.ts';
import { httpRequest, ORIGIN, startServer, type HttpAnswer, type ServerProcess } from './test/server-process.ts';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.ts';
import { testDatabaseUrl } from './test/test-app.ts';

/**
 * Scale-out (docs/decisions/0016-postgresql-and-scale-out.md): two real server
 * processes on one PostgreSQL database, as behind a load balancer. Whatever one
 * instance does to a session, the other must see on its very next request, and
 * each must report its own readiness when the database goes away and comes back.
 */

interface Answer {
  status: number;
  data: unknown;
  appCode: string | undefined;
  body: string;
  /**
   * Every cookie the answer set, as a browser sends them back: with a session
   * cookie cache (a signed copy of the session in a cookie of its own) on, an
   * instance could accept a revoked session from it without asking the database.
   */
  cookie: string | undefined;
}

function parse(answer: HttpAnswer): Answer {
  const body = JSON.parse(answer.body) as {
    result?: { data?: { json?: unknown } };
    error?: { json?: { data?: { appCode?: string } } };
  };
  const setCookie = answer.headers['set-cookie'] ?? [];
  const kept = (Array.isArray(setCookie) ? setCookie : [setCookie])
    .filter((value) => !/Max-Age=0/i.test(value))
    .map((value) => value.split(';')[0] ?? '');
  return {
    status: answer.status,
    data: body.result?.data?.json,
    appCode: body.error?.json?.data?.appCode,
    body: answer.body,
    cookie: kept.some((value) => value.includes('session_token=')) ? kept.join('; ') : undefined,
  };
}

async function mutate(server: ServerProcess, path: string, input: unknown, cookie?: string): Promise<Answer> {
  return parse(
    await httpRequest(`${server.url}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(input === undefined ? {} : { json: input }),
    }),
  );
}

async function query(server: ServerProcess, path: string, cookie?: string): Promise<Answer> {
  return parse(await httpRequest(`${server.url}/trpc/${path}`, { headers: cookie ? { cookie } : {} }));
}

/** A script's call with an API key. */
async function queryWithKey(server: ServerProcess, path: string, key: string): Promise<Answer> {
  return parse(await httpRequest(`${server.url}/trpc/${path}`, { headers: { authorization: `Bearer ${key}` } }));
}

async function readiness(server: ServerProcess): Promise<number> {
  return (await httpRequest(`${server.url}/readyz`)).status;
}

const EMAIL = 'ada@example.com';
const OTHER_EMAIL = 'bob@example.com';

let proxy: TcpProxy;
let a: ServerProcess;
let b: ServerProcess;
let db: Awaited<ReturnType<typeof openDatabase>>;
/** The session the verification link started (on A). */
let verifiedCookie: string;

beforeAll(async () => {
  const databaseUrl = await testDatabaseUrl();
  const direct = new URL(databaseUrl);
  // The shared PostgreSQL server cannot be stopped for one test: the instances
  // reach it through a proxy, and stopping the proxy is their outage.
  proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
  afterAll(() => proxy.stop());
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const env = {
    DATABASE_URL: proxied.href,
    AUTH_SECRET: 'one secret that every instance shares, at least 32 characters',
    MIGRATE_ON_START: 'false',
    // A refused or silent database fails a request within a second, not five.
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    // Ada is the admin: she disables people and revokes keys.
    FIRST_ADMIN_EMAIL: EMAIL,
  };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);

  // The test reads the outbox as a person reads their mail: not through either instance.
  db = await openDatabase({ databaseUrl, busyTimeoutMs: 1000 });
  afterAll(() => db.$disconnect());
  verifiedCookie = await signUpVerified('Ada', EMAIL);
});

/** Signs a person up on A and follows the link in their mail: the session it starts. */
async function signUpVerified(name: string, email: string): Promise<string> {
  const signedUp = await mutate(a, 'auth.signUp', { name, email });
  expect(signedUp.status, signedUp.body).toBe(200);
  const message = await latestMessageTo(db, email, 'verify-email');
  const token = linkIn(message?.text ?? '', '/verify-email')?.searchParams.get('token');
  expect(token, 'a verification link in the outbox').toBeTruthy();
  const verified = await mutate(a, 'auth.verifyEmail', { token, password: PASSWORD });
  expect(verified.status, verified.body).toBe(200);
  expect(verified.cookie).toMatch(/session_token=/);
  return verified.cookie ?? '';
}

describe('two instances on one PostgreSQL database', () => {
  let onA: string;
  let onB: string;

  it('a session started on one instance is honoured by the other, and sign-in works on either', async () => {
    const signedInOnA = await mutate(a, 'auth.signIn', { email: EMAIL, password: PASSWORD });
    expect(signedInOnA.status, signedInOnA.body).toBe(200);
    onA = signedInOnA.cookie ?? '';
    expect((await query(b, 'auth.viewer', onA)).data).toMatchObject({ email: EMAIL });

    const signedInOnB = await mutate(b, 'auth.signIn', { email: EMAIL, password: PASSWORD });
    expect(signedInOnB.status, signedInOnB.body).toBe(200);
    onB = signedInOnB.cookie ?? '';
    expect(onB).not.toBe(onA);
    expect((await query(a, 'auth.viewer', onB)).data).toMatchObject({ email: EMAIL });
    expect((await query(b, 'auth.viewer', onB)).data).toMatchObject({ email: EMAIL });
  });

  it('a session ended on one instance is refused by the other on its very next request', async () => {
    // B has just accepted the cookie: a cache of sessions would answer from that.
    expect((await query(b, 'auth.sessions.list', onA)).status).toBe(200);
    expect((await mutate(a, 'auth.signOut', undefined, onA)).status).toBe(200);
    const afterSignOut = await query(b, 'auth.sessions.list', onA);
    expect([afterSignOut.status, afterSignOut.appCode]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await query(b, 'auth.viewer', onA)).data).toBeNull();

    // The same for a session revoked from another device.
    expect((await query(b, 'auth.viewer', verifiedCookie)).data).toMatchObject({ email: EMAIL });
    const sessions = (await query(a, 'auth.sessions.list', onB)).data as { id: string; current: boolean }[];
    const other = sessions.filter((session) => !session.current);
    expect(other).toHaveLength(1);
    expect((await mutate(a, 'auth.sessions.revoke', { id: other[0]?.id }, onB)).status).toBe(200);
    const afterRevoke = await query(b, 'auth.sessions.list', verifiedCookie);
    expect([afterRevoke.status, afterRevoke.appCode]).toEqual([401, 'UNAUTHENTICATED']);

    expect((await query(b, 'auth.viewer', onB)).data).toMatchObject({ email: EMAIL });
  });

  it('an API key revoked on one instance is refused by the other on its very next request', async () => {
    const created = await mutate(
      a,
      'admin.apiKeys.create',
      { name: 'nightly report', permissions: ['read:system:any'], expiresInDays: 30 },
      onB,
    );
    expect(created.status, created.body).toBe(200);
    const { id, key } = created.data as { id: string; key: string };
    // Both instances have just accepted the key.
    expect((await queryWithKey(b, 'system.stats', key)).status).toBe(200);
    expect((await queryWithKey(a, 'system.stats', key)).status).toBe(200);
    expect((await mutate(a, 'admin.apiKeys.revoke', { id }, onB)).status).toBe(200);
    for (const server of [b, a]) {
      const refused = await queryWithKey(server, 'system.stats', key);
      expect([refused.status, refused.appCode]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });

  it('a person disabled on one instance is refused by the other on its very next request, session and key', async () => {
    const bobCookie = await signUpVerified('Bob', OTHER_EMAIL);
    const bob = (await query(b, 'auth.viewer', bobCookie)).data as { id: string };
    expect(bob).toMatchObject({ email: OTHER_EMAIL });
    // An admin, so that Bob can make a key of his own.
    expect((await mutate(a, 'admin.users.setRole', { userId: bob.id, role: 'admin' }, onB)).status).toBe(200);
    const created = await mutate(
      b,
      'admin.apiKeys.create',
      { name: "Bob's script", permissions: ['read:system:any'], expiresInDays: 30 },
      bobCookie,
    );
    expect(created.status, created.body).toBe(200);
    const { key } = created.data as { key: string };
    expect((await queryWithKey(b, 'system.stats', key)).status).toBe(200);
    expect((await query(b, 'auth.sessions.list', bobCookie)).status).toBe(200);

    expect((await mutate(a, 'admin.users.setDisabled', { userId: bob.id, disabled: true }, onB)).status).toBe(200);
    for (const server of [b, a]) {
      const session = await query(server, 'auth.sessions.list', bobCookie);
      expect([session.status, session.appCode]).toEqual([401, 'UNAUTHENTICATED']);
      expect((await query(server, 'auth.viewer', bobCookie)).data).toBeNull();
      const script = await queryWithKey(server, 'system.stats', key);
      expect([script.status, script.appCode]).toEqual([401, 'UNAUTHENTICATED']);
    }
    // The admin who did it is still signed in on both.
    expect((await query(b, 'auth.viewer', onB)).data).toMatchObject({ email: EMAIL });
  });

  it('each instance goes unready while the database is away and ready again when it returns', async () => {
    const both = () => Promise.all([readiness(a), readiness(b)]);
    expect(await both()).toEqual([200, 200]);

    await proxy.stop();
    await vi.waitFor(
      async () => {
        expect(await both()).toEqual([503, 503]);
      },
      { timeout: 15_000, interval: 100 },
    );
    for (const server of [a, b]) {
      const refused = await mutate(server, 'auth.signIn', { email: EMAIL, password: PASSWORD });
      expect([refused.status, refused.appCode]).toEqual([503, 'UNAVAILABLE']);
      expect(JSON.parse(refused.body)).toMatchObject({
        error: { json: { message: errorCatalogue.UNAVAILABLE.message } },
      });
      // Nothing of the failure's inside reaches the client: no stack, query, driver or address.
      expect(refused.body).not.toMatch(/stack|prisma|select|econn|driver|127\.0\.0\.1/i);
      expect(refused.body).not.toContain(`:${proxy.port}`);
      // A signed-in person is not shown as signed out: the session could not be read.
      const viewer = await query(server, 'auth.viewer', onB);
      expect([viewer.status, viewer.appCode]).toEqual([503, 'UNAVAILABLE']);
    }

    await proxy.start();
    await vi.waitFor(
      async () => {
        expect(await both()).toEqual([200, 200]);
      },
      { timeout: 15_000, interval: 100 },
    );
    // Sessions outlive the outage: they are rows, not process memory.
    expect((await query(a, 'auth.viewer', onB)).data).toMatchObject({ email: EMAIL });
    expect((await query(b, 'auth.viewer', onB)).data).toMatchObject({ email: EMAIL });
  }, 40_000);
});
