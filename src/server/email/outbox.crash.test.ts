import { spawn } from 'node:child_process';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { appRoot } from '../paths.ts';
import { startSmtpServer } from '../test/smtp-server.ts';
import { testDatabaseUrl } from '../test/test-app.ts';
import { createOutboxEmail } from './outbox.ts';
import { createOutboxDispatcher } from './outbox-dispatcher.ts';
import { createSmtpTransport } from './transports.ts';

// The whole attempt must fit in this, in a child process started cold on a busy machine;
// the lease is four times it: long enough that the row is surely still leased when the
// survivor first looks, however slowly the killed child started.
const SEND_TIMEOUT_MS = 2_000;
const LEASE_MS = 4 * SEND_TIMEOUT_MS;

/** Resolves just after `moment`. */
const sleepPast = (moment: Date) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, moment.getTime() - Date.now()) + 20));

describe('a dispatcher killed between the SMTP server accepting and the row marked sent', () => {
  it('is taken over after its lease: one resend with the same Message-ID, and never again once sent', async () => {
    const server = await startSmtpServer();
    const env = {
      DATABASE_URL: await testDatabaseUrl(),
      EMAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(server.port),
      SMTP_TLS: 'none',
      EMAIL_FROM: 'no-reply@example.test',
      EMAIL_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS),
    } as const;
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, busyTimeoutMs: 1000 });
    afterAll(() => db.$disconnect());
    await createOutboxEmail({ db, messageIdDomain: 'example.test', onQueued: () => undefined }).send({
      to: 'ada@example.com',
      template: { name: 'verify-email', data: { name: 'Ada', url: 'https://app.example.test/verify-email?token=t' } },
      idempotencyKey: 'crash-test',
    });

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/fixtures/deliver-then-die.ts'], {
      cwd: appRoot,
      env: { ...process.env, ...env, NODE_ENV: 'test' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, sig) => {
        resolve(sig);
      }),
    );
    expect(signal, stderr).toBe('SIGKILL');

    expect(server.accepted).toHaveLength(1);
    const interrupted = await db.emailOutbox.findFirstOrThrow();
    expect(interrupted).toMatchObject({ status: 'sending', attempts: 1 });
    const leaseUntil = interrupted.leaseUntil ?? new Date(0);
    expect(leaseUntil.getTime()).toBeGreaterThan(Date.now());

    const config = testConfig({
      EMAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: server.port,
      SMTP_TLS: 'none',
      EMAIL_SEND_TIMEOUT_MS: SEND_TIMEOUT_MS,
    });
    const survivor = createOutboxDispatcher({
      db,
      transport: createSmtpTransport(config),
      from: 'no-reply@example.test',
      log: pino({ level: 'silent' }),
      maxAttempts: 5,
      retryBaseMs: 10,
      retryMaxMs: 10,
      sendTimeoutMs: SEND_TIMEOUT_MS,
      retentionMs: 60_000,
    });
    // While the lease holds, nobody takes the row.
    expect(await survivor.deliverDue()).toBe(0);
    await sleepPast(leaseUntil);
    expect(await survivor.deliverDue()).toBe(1);

    const messageIds = server.accepted.map(({ parsed }) => parsed.messageId);
    expect(messageIds).toEqual([interrupted.messageId, interrupted.messageId]);
    expect(await db.emailOutbox.findFirstOrThrow()).toMatchObject({ status: 'sent', attempts: 2 });

    // A sent row is never delivered again, however often the dispatcher looks.
    const resent = Date.now();
    expect(await survivor.deliverDue()).toBe(0);
    // Past the lease the survivor's own claim took: a row still leased would be due now.
    await sleepPast(new Date(resent + LEASE_MS));
    expect(await survivor.deliverDue()).toBe(0);
    expect(server.accepted).toHaveLength(2);
  }, 60_000);
});
