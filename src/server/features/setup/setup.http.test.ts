import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { publicUrl, testConfig, type Config } from '../../config.ts';
import { buildApp } from '../../app.ts';
import { mutate, PASSWORD, query, sessionCookie, type TrpcAnswer } from '../../test/http-client.ts';
import { buildTestApp, testDatabaseUrl } from '../../test/test-app.ts';

/** The first run as an operator sees it: the server's log, read line by line as it is written. */
function logReader() {
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  return {
    lines,
    stream: {
      write(line: string) {
        lines.push(line);
        for (const waiter of [...waiting]) {
          if (!waiter.pattern.test(line)) continue;
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      },
    },
    /** The first line matching `pattern`, written already or still to come. */
    line(pattern: RegExp): Promise<string> {
      const written = lines.find((line) => pattern.test(line));
      if (written) return Promise.resolve(written);
      return new Promise((resolve) => waiting.push({ pattern, resolve }));
    },
  };
}

/**
 * The real app on `databaseUrl`, listening on a free loopback port, logging at info
 * into `log`. PORT stays 0 in its config, so calls name the origin as the config has
 * it (http://localhost:0).
 */
async function startApp(databaseUrl: string, overrides: Partial<Config> = {}) {
  const log = logReader();
  const config = testConfig({ DATABASE_URL: databaseUrl, MIGRATE_ON_START: false, LOG_LEVEL: 'info', ...overrides });
  const app = await buildApp(config, { client: 'none', logStream: log.stream });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // The notice names the address to open: once it is written, so is the setup link, if any.
  const opened = JSON.parse(await log.line(/"msg":"Open http/)) as { url: string };
  return { app, log, opened };
}

const setupLineOf = (lines: string[]) => lines.find((line) => line.includes('/setup?token='));

/** The link in the setup line, as the operator copies it. */
function setupLinkOf(lines: string[]): URL {
  const line = setupLineOf(lines);
  expect(line, 'a setup link in the log').toBeDefined();
  const link = /https?:\/\/\S+\/setup\?token=[\w-]+/.exec(line ?? '')?.[0];
  expect(link).toBeDefined();
  return new URL(link ?? '');
}

const admin = { name: 'Ada Admin', email: 'ada@example.com', password: PASSWORD };

/** The words a person reads with an error answer. */
const messageOf = (answer: TrpcAnswer) =>
  answer.response.json<{ error: { json: { message: string } } }>().error.json.message;

async function adminCount(app: FastifyInstance) {
  return app.services.db.user.count({ where: { role: 'admin' } });
}

describe('first run: the setup link', () => {
  it('is printed once the server listens on a database with no administrator, with the address to open', async () => {
    const { app, log, opened } = await startApp(await testDatabaseUrl());
    try {
      const { port } = app.server.address() as { port: number };
      // The address people open, as the origin check knows it: not Fastify's 127.0.0.1.
      expect(opened.url).toBe(`http://localhost:${port}`);
      const link = setupLinkOf(log.lines);
      expect(link.origin).toBe(`http://localhost:${port}`);
      expect(link.pathname).toBe('/setup');
      // At least 128 bits of randomness.
      expect(Buffer.from(link.searchParams.get('token') ?? '', 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(log.lines.filter((line) => line.includes('/setup?token='))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('is not printed when an administrator exists', async () => {
    const databaseUrl = await testDatabaseUrl();
    const first = await startApp(databaseUrl);
    const link = setupLinkOf(first.log.lines);
    const created = await first.app.inject({
      method: 'POST',
      url: '/trpc/setup.createAdmin',
      headers: { origin: publicUrl(first.app.services.config).origin, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { token: link.searchParams.get('token'), ...admin } }),
    });
    expect(created.statusCode).toBe(200);
    await first.app.close();

    const second = await startApp(databaseUrl);
    try {
      expect(setupLineOf(second.log.lines)).toBeUndefined();
    } finally {
      await second.app.close();
    }
  });

  it('changes at each start, and works only on the instance that printed it', async () => {
    const databaseUrl = await testDatabaseUrl();
    const a = await startApp(databaseUrl);
    const b = await startApp(databaseUrl);
    try {
      const tokenA = setupLinkOf(a.log.lines).searchParams.get('token');
      const tokenB = setupLinkOf(b.log.lines).searchParams.get('token');
      expect(tokenA).not.toBe(tokenB);
      const onB = await mutate(
        b.app,
        'setup.createAdmin',
        { token: tokenA, ...admin },
        { origin: publicUrl(b.app.services.config).origin },
      );
      expect([onB.status, onB.appCode]).toEqual([400, 'SETUP_TOKEN_INVALID']);
      expect(await adminCount(b.app)).toBe(0);
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});

describe('setup.createAdmin', () => {
  it('creates a confirmed administrator and signs them in; the link never works again', async () => {
    const app = await buildTestApp();
    const token = app.services.setupToken.value;
    expect(await query(app, 'setup.status', { token })).toMatchObject({ status: 200, data: { ready: true } });

    const created = await mutate(app, 'setup.createAdmin', { token, ...admin });
    expect(created.status, JSON.stringify(created.response.json())).toBe(200);
    const cookie = sessionCookie(created);
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).toMatchObject({
      email: admin.email,
      role: 'admin',
    });
    const user = await app.services.db.user.findUnique({
      where: { email: admin.email },
      select: { emailVerified: true, role: true },
    });
    expect(user).toEqual({ emailVerified: true, role: 'admin' });
    // No confirmation e-mail: the operator proved who they are with the link.
    expect(await app.services.db.emailOutbox.count()).toBe(0);
    // The password works from the sign-in form too.
    expect((await mutate(app, 'auth.signIn', { email: admin.email, password: PASSWORD })).status).toBe(200);

    // Once used, the link says setup is done, in words, whatever is sent with it.
    const again = await mutate(app, 'setup.createAdmin', { token, ...admin, email: 'second@example.com' });
    expect([again.status, again.appCode]).toEqual([409, 'SETUP_NOT_AVAILABLE']);
    expect(messageOf(again)).toMatch(/Sign in/);
    const status = await query(app, 'setup.status', { token });
    expect([status.status, status.appCode]).toEqual([409, 'SETUP_NOT_AVAILABLE']);
    expect(await adminCount(app)).toBe(1);
  });

  it('refuses a wrong token in words, and creates nothing', async () => {
    const app = await buildTestApp();
    const token = app.services.setupToken.value;
    // One character off, and the right length: compared in full, never by prefix.
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const attempt of [wrong, 'x', token.slice(0, -1)]) {
      const status = await query(app, 'setup.status', { token: attempt });
      expect([status.status, status.appCode], attempt).toEqual([400, 'SETUP_TOKEN_INVALID']);
      const created = await mutate(app, 'setup.createAdmin', { token: attempt, ...admin });
      expect([created.status, created.appCode], attempt).toEqual([400, 'SETUP_TOKEN_INVALID']);
      expect(messageOf(created)).toMatch(/setup link/i);
    }
    expect(await app.services.db.user.count()).toBe(0);
  });

  it('is refused once an administrator exists another way (FIRST_ADMIN_EMAIL, user:create-admin)', async () => {
    const app = await buildTestApp();
    const token = app.services.setupToken.value;
    await app.services.db.user.create({
      data: { id: 'existing-admin', name: 'Boss', email: 'boss@example.com', emailVerified: true, role: 'admin' },
    });
    const created = await mutate(app, 'setup.createAdmin', { token, ...admin });
    expect([created.status, created.appCode]).toEqual([409, 'SETUP_NOT_AVAILABLE']);
    expect(await app.services.db.user.count()).toBe(1);
  });

  it('makes an account already signed up (and stuck unconfirmed) with that address the administrator, with the new password', async () => {
    const app = await buildTestApp();
    const signedUp = await mutate(app, 'auth.signUp', { ...admin, password: 'an older password of theirs' });
    expect(signedUp.status).toBe(200);
    const created = await mutate(app, 'setup.createAdmin', { token: app.services.setupToken.value, ...admin });
    expect(created.status, JSON.stringify(created.response.json())).toBe(200);
    expect(await app.services.db.user.findMany({ select: { email: true, role: true, emailVerified: true } })).toEqual([
      { email: admin.email, role: 'admin', emailVerified: true },
    ]);
    const old = await mutate(app, 'auth.signIn', { email: admin.email, password: 'an older password of theirs' });
    expect(old.appCode).toBe('INVALID_CREDENTIALS');
    expect((await mutate(app, 'auth.signIn', { email: admin.email, password: PASSWORD })).status).toBe(200);
  });

  it('creates exactly one administrator when two calls race with the link', async () => {
    const app = await buildTestApp();
    const token = app.services.setupToken.value;
    const answers = await Promise.all(
      ['one@example.com', 'two@example.com'].map((email) =>
        mutate(app, 'setup.createAdmin', { token, ...admin, email }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await adminCount(app)).toBe(1);
    expect(await app.services.db.user.count()).toBe(1);
  });

  it('is rate limited per client like sign-in', async () => {
    const app = await buildTestApp({ AUTH_RATE_LIMIT: 3 });
    const codes: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      codes.push((await mutate(app, 'setup.createAdmin', { token: `guess-${attempt}`, ...admin })).appCode);
    }
    expect(codes).toEqual(['SETUP_TOKEN_INVALID', 'SETUP_TOKEN_INVALID', 'SETUP_TOKEN_INVALID', 'RATE_LIMITED']);
    // Asking whether a link works is a guess too, counted on its own.
    const statuses: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await query(app, 'setup.status', { token: `guess-${attempt}` })).appCode);
    }
    expect(statuses).toEqual(['SETUP_TOKEN_INVALID', 'SETUP_TOKEN_INVALID', 'SETUP_TOKEN_INVALID', 'RATE_LIMITED']);
  });
});
