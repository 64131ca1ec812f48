import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pendingMigrations } from './db/applied-migrations.ts';
import { projectMigrationNames } from './db/migration-folder.ts';
import { openDatabase } from './db/client.ts';
import { appRoot } from './paths.ts';
import {
  httpRequest,
  MAIN_ARGS,
  ORIGIN,
  serverEnv,
  spawnServer,
  startServer,
  type ServerProcess,
} from './test/server-process.ts';
import { emptyTestDatabaseUrl, scratchDir, testDatabaseUrl, testEngine } from './test/test-app.ts';

/** Runs the server to its exit, on `env` and no client build, as a start-up that must fail. */
const runToExit = (env: Record<string, string>) =>
  spawnSync(process.execPath, MAIN_ARGS, {
    cwd: appRoot,
    env: serverEnv({ CLIENT_DIST_DIR: join(scratchDir(), 'no-client'), ...env }),
    encoding: 'utf8',
  });

const signUpInput = (email: string) => ({ name: 'In Flight', email });

/**
 * A sign-up whose body arrives slowly, on a connection of its own: its headers and
 * half its body are sent now, the rest by `finish`. Resolves once the server has
 * seen the request (it logs `incoming request` at debug level when the headers are in).
 */
async function trickledSignUp(server: ServerProcess, email: string) {
  const body = JSON.stringify({ json: signUpInput(email) });
  const socket = connect(server.port, '127.0.0.1');
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (raw += chunk));
  // A server that exits mid-request resets the connection; the answer (or its absence) tells.
  socket.on('error', () => undefined);
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write(
    `POST /trpc/auth.signUp HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  const half = Math.floor(body.length / 2);
  socket.write(body.slice(0, half));
  await server.logLine(/"url":"\/trpc\/auth\.signUp".*"msg":"incoming request"/);
  return {
    /** Sends the rest of the body in ten pieces over `overMs`, then reads the answer. */
    async finish(overMs: number) {
      const rest = body.slice(half);
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, overMs / 10));
        socket.write(rest.slice((i * rest.length) / 10, ((i + 1) * rest.length) / 10));
      }
      await closed;
      const [head = ''] = raw.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), raw };
    },
    abandon: () => socket.destroy(),
  };
}

/** A tRPC batch of sign-ups in one request; resolves with the status and each call's outcome. */
function batchOfSignUps(server: ServerProcess, emails: string[]) {
  const path = emails.map(() => 'auth.signUp').join(',');
  const body = Object.fromEntries(emails.map((email, index) => [index, { json: signUpInput(email) }]));
  return httpRequest(`${server.url}/trpc/${path}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(body),
  }).then((answer) => ({
    status: answer.status,
    calls: (JSON.parse(answer.body) as { result?: unknown; error?: unknown }[]).map((call) =>
      call.result ? 'ok' : 'error',
    ),
  }));
}

/** GET through a keep-alive pool; resolves with the status or the connection error's code. */
function getThrough(agent: Agent, url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code ?? error.message);
    });
    req.end();
  });
}

const refused = (url: string) =>
  httpRequest(url).then(
    (answer) => answer.status,
    (error: unknown) => (error as NodeJS.ErrnoException).code,
  );

describe('main: start-up and shutdown', () => {
  it('stops at once with one line naming a malformed variable', () => {
    const result = runToExit({ PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['Invalid configuration: PORT must be a number (got "eighty")']);
  });

  it.each([
    [
      { EMAIL_TRANSPORT: 'smtp' },
      'Invalid configuration: SMTP_HOST must be set when EMAIL_TRANSPORT=smtp; EMAIL_FROM must be set when EMAIL_TRANSPORT=smtp',
    ],
    [
      { EMAIL_TRANSPORT: 'disabled' },
      'Invalid configuration: EMAIL_TRANSPORT must not be disabled: identity (verify-email, reset-password) sends e-mail; use smtp, or log to keep messages in the mailbox (got "disabled")',
    ],
  ])('refuses to start with an e-mail set-up that cannot work: %j', async (env, message) => {
    const result = runToExit({ PORT: '0', DATABASE_URL: await testDatabaseUrl(), MIGRATE_ON_START: 'false', ...env });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([message]);
  });

  it('migrates a new database and listens; on SIGTERM refuses new connections, finishes the requests in flight, stops the outbox, closes the database and exits 0 in time', async () => {
    const databaseUrl = await emptyTestDatabaseUrl();
    const server = await startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'debug' });
    expect(server.output()).toContain('applied database migrations');
    const pool = new Agent({ keepAlive: true });
    expect(await getThrough(pool, `${server.url}/readyz`)).toBe(200);

    // In flight when the signal comes: a body still arriving, and a batch of four
    // sign-ups that each hash a password in turn.
    const trickle = await trickledSignUp(server, 'trickle@example.com');
    const batchEmails = ['b1', 'b2', 'b3', 'b4'].map((name) => `${name}@example.com`);
    const batch = batchOfSignUps(server, batchEmails);
    await server.logLine(/"url":"\/trpc\/auth\.signUp,auth\.signUp.*"msg":"incoming request"/);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await server.logLine(/"msg":"shutting down"/);

    // Unready at once: a probe on a new connection fails (reset if it raced the
    // listener's close, refused after), and the pool's idle keep-alive connection was
    // closed rather than left to answer it.
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(await refused(`${server.url}/readyz`));
    expect(await getThrough(pool, `${server.url}/readyz`)).not.toBe(200);

    const trickled = await trickle.finish(1_000);
    expect(trickled.status).toBe(200);
    expect(trickled.head).toContain('connection: close');
    expect(await batch).toEqual({ status: 200, calls: ['ok', 'ok', 'ok', 'ok'] });
    expect(await refused(`${server.url}/readyz`)).toBe('ECONNREFUSED');

    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(8_000); // SHUTDOWN_TIMEOUT_MS's default
    expect(server.output()).toContain('"msg":"shut down"');
    // Closed cleanly, SQLite's last connection folds the WAL into the database file and removes it.
    if (testEngine() === 'sqlite') expect(existsSync(`${databaseUrl.slice('file:'.length)}-wal`)).toBe(false);
    const db = await openDatabase({ databaseUrl, busyTimeoutMs: 5000 });
    try {
      const users = await db.user.findMany({ select: { email: true }, orderBy: { email: 'asc' } });
      expect(users.map((user) => user.email)).toEqual([...batchEmails, 'trickle@example.com']);
      // Each account's e-mail committed with it; the dispatcher left none half-sent.
      const outbox = await db.emailOutbox.findMany({ select: { status: true } });
      expect(outbox).toHaveLength(5);
      expect(outbox.filter((row) => row.status === 'sending')).toEqual([]);
    } finally {
      await db.$disconnect();
    }
  }, 60_000);

  it('lets a signal during start-up wait for the migrations, then exits 0 without listening', async () => {
    const databaseUrl = await emptyTestDatabaseUrl();
    const server = spawnServer({ DATABASE_URL: databaseUrl });
    await server.logLine(/applied database migrations/);
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('"msg":"shut down"');
    expect(server.output()).not.toContain('Server listening');
    const db = await openDatabase({ databaseUrl, busyTimeoutMs: 5000 });
    try {
      expect(await pendingMigrations(db, projectMigrationNames(databaseUrl))).toEqual([]);
    } finally {
      await db.$disconnect();
    }
  }, 60_000);

  it("does not serve when the migrations fail, and names the migration process's error and exit code", async () => {
    const databaseUrl = await testDatabaseUrl();
    // A migration recorded as started and never finished: the schema engine refuses to go on.
    const db = await openDatabase({ databaseUrl, busyTimeoutMs: 5000 });
    try {
      await db.$executeRaw`
        INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count)
        VALUES ('failed-row', '0', '29991231000000_broken', CURRENT_TIMESTAMP, 0)`;
    } finally {
      await db.$disconnect();
    }
    const result = runToExit({ PORT: '0', DATABASE_URL: databaseUrl });
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n')[0]).toMatch(
      /^Start-up failed: MigrationProcessError: Migrating the database failed \(the migration process exited with code 1\): \w+: migrate found failed migrations/,
    );
    expect(result.stderr).toContain('The `29991231000000_broken` migration started at');
    expect(result.stdout).not.toContain('Server listening');
  });

  it('shuts down on SIGINT as on SIGTERM, and a second signal exits at once with code 1', async () => {
    const server = await startServer({ DATABASE_URL: await testDatabaseUrl(), LOG_LEVEL: 'debug' });
    const stuck = await trickledSignUp(server, 'stuck@example.com');
    server.child.kill('SIGINT');
    await server.logLine(/"signal":"SIGINT".*"msg":"shutting down"/);
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(await refused(`${server.url}/readyz`));

    const second = Date.now();
    server.child.kill('SIGINT');
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(Date.now() - second).toBeLessThan(2_000); // not the 8 s the stuck request would hold it
    expect(server.output()).toContain('second signal: exiting at once');
    stuck.abandon();
  }, 60_000);

  it('exits 1 once SHUTDOWN_TIMEOUT_MS has passed with a request still in flight', async () => {
    const server = await startServer({
      DATABASE_URL: await testDatabaseUrl(),
      SHUTDOWN_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'debug',
    });
    const stuck = await trickledSignUp(server, 'stuck@example.com');
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    const elapsed = Date.now() - signalled;
    expect(code).toBe(1);
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
    expect(elapsed).toBeLessThan(5_000); // not the 30 s request timeout, nor a keep-alive's 72 s
    expect(server.output()).toContain('shutdown timed out');
    stuck.abandon();
  }, 60_000);

  it('does not start on a test database without its client build in production', async () => {
    const result = runToExit({
      NODE_ENV: 'production',
      PORT: '0',
      DATABASE_URL: await testDatabaseUrl(),
      AUTH_SECRET: 'a-secret-of-at-least-thirty-two-characters',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm run build');
  });
});
