import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { testDatabaseUrl } from '../test/test-app.ts';
import { createOutboxEmail } from './outbox.ts';
import { createOutboxDispatcher, retryDelay, type DispatcherOptions } from './outbox-dispatcher.ts';
import type { EmailTransport, OutgoingEmail } from './transports.ts';

describe('retryDelay', () => {
  it('doubles from the base with equal jitter: between half and all of the exponential step', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, 1_000, 60_000, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
    expect([1, 2, 3, 4].map((attempt) => retryDelay(attempt, 1_000, 60_000, () => 0))).toEqual([
      500, 1_000, 2_000, 4_000,
    ]);
  });

  it('never waits longer than the cap', () => {
    expect(retryDelay(30, 1_000, 60_000, () => 1)).toBe(60_000);
    expect(retryDelay(1_000, 1_000, 60_000, () => 1)).toBe(60_000);
  });
});

/**
 * A transport that keeps what it is given; `slowMs` makes each send take that long.
 * `sendStarted` resolves when the first send begins, i.e. once a row is claimed.
 */
function memoryTransport(slowMs = 0): EmailTransport & { sent: OutgoingEmail[]; sendStarted: Promise<void> } {
  const sent: OutgoingEmail[] = [];
  let startSending: () => void = () => undefined;
  const sendStarted = new Promise<void>((resolve) => {
    startSending = resolve;
  });
  return {
    name: 'log',
    sent,
    sendStarted,
    async send(email) {
      startSending();
      await new Promise((resolve) => setTimeout(resolve, slowMs));
      sent.push(email);
    },
    async verify() {
      // Always ready.
    },
    close() {
      // Nothing to release.
    },
  };
}

async function outboxOnFreshDatabase() {
  const db = await openDatabase({ databaseUrl: await testDatabaseUrl(), busyTimeoutMs: 1000 });
  afterAll(() => db.$disconnect());
  const email = createOutboxEmail({ db, messageIdDomain: 'example.test', onQueued: () => undefined });
  const queue = (index: number) =>
    email.send({
      to: `person${index}@example.com`,
      template: {
        name: 'verify-email',
        data: { name: 'P', url: `https://app.example.test/verify-email?token=${index}` },
      },
      idempotencyKey: `key-${index}`,
    });
  const dispatcher = (transport: EmailTransport, overrides: Partial<DispatcherOptions> = {}) =>
    createOutboxDispatcher({
      db,
      transport,
      from: 'no-reply@example.test',
      log: pino({ level: 'silent' }),
      maxAttempts: 3,
      retryBaseMs: 10,
      retryMaxMs: 10,
      sendTimeoutMs: 1_000,
      retentionMs: 60_000,
      ...overrides,
    });
  return { db, queue, dispatcher };
}

describe('the outbox dispatcher', () => {
  it('queues one row per idempotency key, however often it is sent', async () => {
    const { db, queue } = await outboxOnFreshDatabase();
    await queue(1);
    await queue(1);
    expect(await db.emailOutbox.count()).toBe(1);
  });

  it('lets two dispatchers racing on one database deliver every row exactly once', async () => {
    const { db, queue, dispatcher } = await outboxOnFreshDatabase();
    for (let index = 0; index < 30; index += 1) await queue(index);
    const [a, b] = [memoryTransport(1), memoryTransport(1)];
    await Promise.all([dispatcher(a).deliverDue(), dispatcher(b).deliverDue()]);

    const delivered = [...a.sent, ...b.sent].map(({ to }) => to).sort();
    expect(delivered).toHaveLength(30);
    expect(new Set(delivered).size).toBe(30);
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    expect(await db.emailOutbox.count({ where: { status: 'sent', attempts: 1 } })).toBe(30);
  });

  it('waits for the delivery in flight when stopped, and claims nothing after', async () => {
    const { db, queue, dispatcher } = await outboxOnFreshDatabase();
    await queue(1);
    await queue(2);
    const transport = memoryTransport(200);
    const running = dispatcher(transport);
    running.start();
    // Stopped while the first row's delivery is in flight (start prunes first, so no fixed wait).
    await transport.sendStarted;
    await running.stop();
    expect(transport.sent).toHaveLength(1);
    expect(await db.emailOutbox.count({ where: { status: 'sent' } })).toBe(1);
    expect(await db.emailOutbox.count({ where: { status: 'pending' } })).toBe(1);
  });

  it('prunes sent and failed rows past the retention period, and keeps pending ones', async () => {
    const { db, queue, dispatcher } = await outboxOnFreshDatabase();
    for (const index of [1, 2, 3, 4]) await queue(index);
    const old = new Date(Date.now() - 2 * 60_000);
    await db.emailOutbox.updateMany({
      where: { recipient: 'person1@example.com' },
      data: { status: 'sent', createdAt: old },
    });
    await db.emailOutbox.updateMany({
      where: { recipient: 'person2@example.com' },
      data: { status: 'failed', createdAt: old },
    });
    await db.emailOutbox.updateMany({ where: { recipient: 'person3@example.com' }, data: { createdAt: old } });
    await db.emailOutbox.updateMany({ where: { recipient: 'person4@example.com' }, data: { status: 'sent' } });

    expect(await dispatcher(memoryTransport()).prune()).toBe(2);
    const left = await db.emailOutbox.findMany({ select: { recipient: true }, orderBy: { recipient: 'asc' } });
    expect(left.map(({ recipient }) => recipient)).toEqual(['person3@example.com', 'person4@example.com']);
  });

  /**
   * A transport whose server answers only once the attempt is being ended: `accepts`
   * says whether that answer was the acceptance (it came first) or nothing (the
   * connection closed first). `started` resolves when a send begins.
   */
  function answeringAtTheEnd(accepts: boolean) {
    const sent: OutgoingEmail[] = [];
    let begin: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      begin = resolve;
    });
    const transport: EmailTransport = {
      name: 'log',
      async send(email, signal) {
        begin();
        await new Promise((resolve) => {
          signal.addEventListener('abort', resolve, { once: true });
        });
        if (!accepts) throw new Error((signal.reason as Error).message);
        sent.push(email);
      },
      async verify() {
        // Always ready.
      },
      close() {
        // Nothing to release.
      },
    };
    return { transport, sent, started };
  }

  it('records a message the server accepted as its time ran out as sent, never as failed', async () => {
    const { db, queue, dispatcher } = await outboxOnFreshDatabase();
    await queue(1);
    const { transport, sent } = answeringAtTheEnd(true);
    await dispatcher(transport, { sendTimeoutMs: 100, maxAttempts: 1 }).deliverDue();
    expect(sent).toHaveLength(1);
    expect(await db.emailOutbox.findFirstOrThrow()).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('ends the attempt in flight when stopping takes too long, and records it for a retry', async () => {
    const { db, queue, dispatcher } = await outboxOnFreshDatabase();
    await queue(1);
    const { transport, sent, started } = answeringAtTheEnd(false);
    const running = dispatcher(transport, { sendTimeoutMs: 60_000, stopWaitMs: 50 });
    running.start();
    await started;
    await running.stop();
    expect(sent).toHaveLength(0);
    expect(await db.emailOutbox.findFirstOrThrow()).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'The server stopped during the delivery',
    });
  });
});
