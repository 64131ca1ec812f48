import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { mutate, PASSWORD, sessionCookie } from '../test/http-client.ts';
import { startDownSmtpServer, startSmtpServer } from '../test/smtp-server.ts';
import { buildTestApp } from '../test/test-app.ts';
import { linkIn } from './outbox.ts';

const FROM = 'Example <no-reply@example.test>';

function smtp(port: number, overrides: Partial<Config> = {}): Partial<Config> {
  return {
    EMAIL_TRANSPORT: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: port,
    SMTP_TLS: 'none',
    EMAIL_FROM: FROM,
    EMAIL_RETRY_BASE_MS: 20,
    EMAIL_RETRY_MAX_MS: 80,
    EMAIL_SEND_TIMEOUT_MS: 2_000,
    ...overrides,
  };
}

const waitFor = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

/** Waits until the audit trail holds `outcomes` for the e-mail job's attempts, oldest first. */
async function expectDeliveryAudited(app: FastifyInstance, outcomes: string[]) {
  await waitFor(async () => {
    const rows = await app.services.db.auditEvent.findMany({
      where: { procedure: 'job:email.deliver' },
      orderBy: { at: 'asc' },
    });
    expect(rows.map(({ outcome }) => outcome)).toEqual(outcomes);
  });
}

/** Signs Ada up, then waits until the outbox row of her verification e-mail is `status`. */
async function signUpAndAwaitOutbox(app: FastifyInstance, status: 'sent' | 'failed') {
  await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com' });
  return waitFor(async () => {
    const found = await app.services.db.emailOutbox.findFirstOrThrow({ where: { recipient: 'ada@example.com' } });
    expect(found.status).toBe(status);
    return found;
  });
}

describe('the outbox over a real SMTP server', () => {
  it('verifies an address and resets a password through e-mails received over SMTP', async () => {
    const server = await startSmtpServer();
    const app = await buildTestApp(smtp(server.port));
    const receivedLink = (pathname: string) =>
      waitFor(() => {
        for (const { parsed } of server.accepted) {
          const link = linkIn(parsed.text ?? '', pathname);
          if (link) return link;
        }
        throw new Error(`no e-mail with a ${pathname} link yet`);
      });

    await mutate(app, 'auth.signUp', { name: 'Grace', email: 'grace@example.com' });
    const verifyLink = await receivedLink('/verify-email');
    const verified = await mutate(app, 'auth.verifyEmail', {
      token: verifyLink.searchParams.get('token'),
      password: PASSWORD,
    });
    expect(verified.status).toBe(200);
    expect(sessionCookie(verified)).toContain('session_token=');

    await mutate(app, 'auth.requestPasswordReset', { email: 'grace@example.com' });
    const received = await waitFor(() => {
      const found = server.accepted.find(({ parsed }) => parsed.subject?.toLowerCase().includes('password'));
      if (!found) throw new Error('no password e-mail yet');
      return found;
    });
    const row = await app.services.db.emailOutbox.findFirstOrThrow({ where: { template: 'reset-password' } });
    expect(received.envelope).toEqual({ from: 'no-reply@example.test', to: ['grace@example.com'] });
    expect(received.parsed.from).toMatchObject({ name: 'Example', address: 'no-reply@example.test' });
    expect(received.parsed.to).toEqual([expect.objectContaining({ address: 'grace@example.com' })]);
    expect(received.parsed.subject).toBe(row.subject);
    expect(received.parsed.messageId).toBe(row.messageId);
    expect(received.parsed.headers).toContainEqual(
      expect.objectContaining({ key: 'auto-submitted', value: 'auto-generated' }),
    );
    const link = linkIn(received.parsed.text ?? '', '/reset-password');
    expect(link?.searchParams.get('token')).toBeTruthy();
    expect(received.parsed.html).toContain(link?.href.replaceAll('&', '&amp;'));
    expect(received.parsed.text?.trim()).toBe(row.text.trim());

    await waitFor(async () => {
      const sent = await app.services.db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } });
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null, leaseUntil: null });
      expect(sent.sentAt).toBeInstanceOf(Date);
    });

    // The link in the e-mail resets the password.
    const reset = await mutate(app, 'auth.resetPassword', {
      token: link?.searchParams.get('token'),
      password: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);
    const signIn = await mutate(app, 'auth.signIn', { email: 'grace@example.com', password: 'a brand new passphrase' });
    expect(signIn.status).toBe(200);
  });

  it('retries after temporary refusals, waiting longer each time, and delivers exactly once', async () => {
    const server = await startSmtpServer();
    server.refuseNext(451, 'Try again later');
    server.refuseNext(421, 'Busy');
    const app = await buildTestApp(smtp(server.port, { EMAIL_RETRY_BASE_MS: 100, EMAIL_RETRY_MAX_MS: 1_000 }));
    const row = await signUpAndAwaitOutbox(app, 'sent');
    expect(row).toMatchObject({ attempts: 3, lastError: null });
    expect(server.attempts).toBe(3);
    // Equal jitter: at least half of 100 ms, then at least half of 200 ms.
    const [first = 0, second = 0, third = 0] = server.attemptTimes;
    expect(second - first).toBeGreaterThanOrEqual(50);
    expect(third - second).toBeGreaterThanOrEqual(100);
    await app.outbox.deliverDue();
    expect(server.accepted.map(({ parsed }) => parsed.messageId)).toEqual([row.messageId]);
    // A refusal the SMTP server says is temporary is no bug of ours: not INTERNAL, but "will retry".
    await expectDeliveryAudited(app, ['will-retry', 'will-retry', 'ok']);
  });

  it('backs off while the SMTP server is down, then marks the e-mail failed with the last error', async () => {
    const server = await startDownSmtpServer();
    const app = await buildTestApp(
      smtp(server.port, { EMAIL_MAX_ATTEMPTS: 3, EMAIL_RETRY_BASE_MS: 100, EMAIL_RETRY_MAX_MS: 1_000 }),
    );
    // The start-up check of the transport connects once; the attempts come after it.
    await app.ready();
    await waitFor(() => {
      expect(server.attempts).toBe(1);
    });

    const row = await signUpAndAwaitOutbox(app, 'failed');
    expect(row.attempts).toBe(3);
    expect(server.attempts).toBe(1 + 3);
    expect(row.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(row.sentAt).toBeNull();
    // Two waits between three attempts, measured at the server: at least half of
    // 100 ms, then at least half of 200 ms (equal jitter).
    const [first = 0, second = 0, third = 0] = server.attemptTimes.slice(1);
    expect(second - first).toBeGreaterThanOrEqual(50);
    expect(third - second).toBeGreaterThanOrEqual(100);
    expect(Date.now() - first).toBeGreaterThanOrEqual(50 + 100);
    // Failed is final: nothing tries it again.
    expect(await app.outbox.deliverDue()).toBe(0);
  });

  it('fails at once, without retrying, when the server refuses the recipient for good', async () => {
    const server = await startSmtpServer();
    server.refuseNext(550, 'No such mailbox');
    const app = await buildTestApp(smtp(server.port));
    const row = await signUpAndAwaitOutbox(app, 'failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('No such mailbox');
    await expectDeliveryAudited(app, ['failed']);
  });

  it('leaves no outbox row, and sends nothing, when the transaction that queued it rolls back', async () => {
    const server = await startSmtpServer();
    const app = await buildTestApp(smtp(server.port));
    await expect(
      inTransaction(app.services.db, async (tx) => {
        await tx.user.create({ data: { id: 'u-rollback', name: 'Ada', email: 'ada@example.com' } });
        await app.services.email.send({
          to: 'ada@example.com',
          template: {
            name: 'verify-email',
            data: { name: 'Ada', url: 'https://app.example.test/verify-email?token=t' },
          },
          idempotencyKey: 'rollback-test',
        });
        throw new Error('the change failed after the e-mail was queued');
      }),
    ).rejects.toThrow('the change failed');
    expect(await app.services.db.emailOutbox.count()).toBe(0);
    expect(await app.services.db.user.count({ where: { id: 'u-rollback' } })).toBe(0);
    await app.outbox.deliverDue();
    expect(server.attempts).toBe(0);
  });

  it('finishes the delivery in flight before the app closes', async () => {
    const server = await startSmtpServer();
    server.delayNext(400);
    const app = await buildTestApp(smtp(server.port));
    await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com' });
    await waitFor(() => {
      expect(server.attempts).toBe(1);
    });
    await app.close();
    expect(server.accepted).toHaveLength(1);
    // The database closed after the dispatcher stopped, so the row was marked first.
    const db = await openDatabase({ databaseUrl: app.services.config.DATABASE_URL, busyTimeoutMs: 1000 });
    const row = await db.emailOutbox.findFirstOrThrow({ where: { recipient: 'ada@example.com' } });
    await db.$disconnect();
    expect(row.status).toBe('sent');
  });
});

/**
 * A slow provider: every reply after the greeting held `replyDelayMs`.
 * EMAIL_SEND_TIMEOUT_MS bounds each wait for a reply and the whole attempt. Five such
 * replies make a delivery (EHLO, MAIL, RCPT, DATA, the final 250): at 800 ms each, every
 * reply comes within the 1 s timeout, but the attempt's time is up long before the
 * message is sent; at 50 ms each, the server accepts well within it.
 */
const SEND_TIMEOUT_MS = 1_000;
const SLOW_REPLY_MS = 800;

describe('the outbox over a slow SMTP server', () => {
  it('ends an attempt that ran out of time, with its connection, before the next starts: never a copy per attempt', async () => {
    const server = await startSmtpServer({ replyDelayMs: SLOW_REPLY_MS });
    const app = await buildTestApp(
      smtp(server.port, { EMAIL_SEND_TIMEOUT_MS: SEND_TIMEOUT_MS, EMAIL_MAX_ATTEMPTS: 2, EMAIL_RETRY_BASE_MS: 100 }),
    );
    await app.ready();
    // The start-up check of the transport has had its session.
    await waitFor(() => {
      expect(server.sessions.opened).toBe(1);
    });
    await server.idle();

    const row = await signUpAndAwaitOutbox(app, 'failed');
    // Whatever the abandoned attempts were still doing is over.
    await server.idle();
    expect(row.attempts).toBe(2);
    expect(server.sessions.opened).toBe(1 + 2);
    expect(server.sessions.mostOpenAtOnce).toBe(1);
    // The row says what the server did: it accepted nothing.
    expect(server.accepted).toHaveLength(0);
    expect(row.sentAt).toBeNull();
  }, 30_000);

  it('delivers exactly once, and records it sent, when the server answers slowly but in time', async () => {
    const server = await startSmtpServer({ replyDelayMs: 50 });
    const app = await buildTestApp(smtp(server.port, { EMAIL_SEND_TIMEOUT_MS: SEND_TIMEOUT_MS }));
    const row = await signUpAndAwaitOutbox(app, 'sent');
    await server.idle();
    expect(row.attempts).toBe(1);
    expect(server.accepted.map(({ parsed }) => parsed.messageId)).toEqual([row.messageId]);
  });

  it('sends exactly one copy when the app is stopped mid-send and started again', async () => {
    const server = await startSmtpServer({ replyDelayMs: SLOW_REPLY_MS });
    const config = smtp(server.port, { EMAIL_SEND_TIMEOUT_MS: SEND_TIMEOUT_MS });
    const first = await buildTestApp(config);
    await first.ready();
    await waitFor(() => {
      expect(server.sessions.opened).toBe(1);
    });
    await server.idle();
    await mutate(first, 'auth.signUp', { name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    // The delivery's session is open: stop now.
    await waitFor(() => {
      expect(server.sessions.opened).toBe(2);
    });
    await first.close();
    await server.idle();

    // Started again on the same database, with the provider fast again.
    const fast = await startSmtpServer();
    const second = await buildTestApp({ ...smtp(fast.port), DATABASE_URL: first.services.config.DATABASE_URL });
    await second.ready();
    await waitFor(async () => {
      const row = await second.services.db.emailOutbox.findFirstOrThrow({ where: { recipient: 'ada@example.com' } });
      expect(row.status).toBe('sent');
    });
    await second.outbox.deliverDue();
    expect([...server.accepted, ...fast.accepted]).toHaveLength(1);
  }, 30_000);
});
