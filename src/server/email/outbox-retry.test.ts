import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { jobCatalog } from '../jobs/define-job.ts';
import { callerAs, createTestServices } from '../test/test-app.ts';
import { createOutboxDispatcher, defineEmailDelivery, type DeliveryOptions } from './outbox-dispatcher.ts';
import type { EmailTransport, OutgoingEmail } from './transports.ts';

/** An operator's retry (jobs.retry) of an e-mail's failed delivery job. */
describe('retrying a failed e-mail delivery', () => {
  it("delivers it: the job's onRetry puts the row back to pending, with fresh attempts", async () => {
    const services = await createTestServices();
    const { db, email } = services;
    // A transport that refuses until told to accept.
    const sent: OutgoingEmail[] = [];
    let accepting = false;
    const transport: EmailTransport = {
      name: 'log',
      async send(message) {
        if (!accepting) throw new Error('connection refused');
        sent.push(message);
      },
      async verify() {
        // Always ready.
      },
      close() {
        // Nothing to release.
      },
    };
    const delivery: DeliveryOptions = {
      transport,
      from: 'no-reply@example.test',
      maxAttempts: 1,
      retryBaseMs: 10,
      retryMaxMs: 10,
      sendTimeoutMs: 1_000,
    };
    const dispatcher = createOutboxDispatcher({
      ...delivery,
      db,
      log: pino({ level: 'silent' }),
      retentionMs: 60_000,
    });
    const admin = await callerAs('admin', { ...services, jobs: jobCatalog([defineEmailDelivery(delivery)]) });

    await email.send({
      to: 'person@example.com',
      template: { name: 'verify-email', data: { name: 'P', url: 'https://app.example.test/verify-email?token=1' } },
      idempotencyKey: 'retry-me',
    });
    await dispatcher.deliverDue();
    // The admin's own verification e-mail failed too: the job of this one, by its row.
    const row = await db.emailOutbox.findFirstOrThrow({ where: { idempotencyKey: 'retry-me' } });
    const jobs = await db.backgroundJob.findMany({ where: { name: 'email.deliver' } });
    const job = jobs.find(({ input }) => input.includes(row.id));
    if (!job) throw new Error('the e-mail has no job');
    expect(job.status).toBe('failed');
    expect(job.lastError).toContain('connection refused');
    expect(await db.emailOutbox.findFirst({ where: { idempotencyKey: 'retry-me' } })).toMatchObject({
      status: 'failed',
      attempts: 1,
    });

    accepting = true;
    await admin.caller.jobs.retry({ jobId: job.id });
    expect(await db.emailOutbox.findFirst({ where: { idempotencyKey: 'retry-me' } })).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    await dispatcher.deliverDue();

    expect(sent.map(({ to }) => to)).toEqual(['person@example.com']);
    expect(await db.backgroundJob.findUnique({ where: { id: job.id } })).toMatchObject({ status: 'succeeded' });
    expect(await db.emailOutbox.findFirst({ where: { idempotencyKey: 'retry-me' } })).toMatchObject({
      status: 'sent',
      attempts: 1,
    });
  });
});
