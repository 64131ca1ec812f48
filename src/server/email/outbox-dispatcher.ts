import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../../shared/constants.ts';
import type { Database } from '../db/client.ts';
import { defineJob, type JobDefinition } from '../jobs/define-job.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { emailDelivery, pruneOutbox } from './outbox.ts';
import { PermanentDeliveryError, type EmailTransport } from './transports.ts';

export { retryDelay } from '../jobs/backoff.ts';

export interface DeliveryOptions {
  transport: EmailTransport;
  from: string;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /**
   * The longest one delivery attempt may take (EMAIL_SEND_TIMEOUT_MS): then it is
   * ended, with its connection. A claimed row's lease is four times it.
   */
  sendTimeoutMs: number;
  /** Told the outcome of every attempt (metrics). */
  onAttempt?: (outcome: 'sent' | 'retry' | 'failed') => void;
}

/**
 * Delivering an outbox row is a job (decision 0037): the job machinery claims it with a
 * lease, so two workers never hold one row and a row whose worker died is taken over
 * once the lease ends; it times the attempt out and retries with backoff. The row
 * mirrors the delivery's state for the mailbox. Delivery is at least once: a crash
 * between the transport's acceptance and the `sent` mark sends the row again, with the
 * same Message-ID. A `sent` row is never sent again.
 *
 * An attempt is ended, not abandoned: at its deadline (or when the worker stops) its
 * signal makes the transport close the connection, and the row records what the
 * transport then reports. So an attempt never goes on delivering behind a retry, and a
 * message the server accepted before the end is recorded `sent`. The one window left is
 * the server accepting just as the connection closes, before its answer arrives: the
 * retry carries the same Message-ID.
 */
export function defineEmailDelivery(options: DeliveryOptions): JobDefinition<{ outboxId: string }> {
  const { transport } = options;
  return defineJob(
    emailDelivery.name,
    emailDelivery.input,
    async ({ outboxId }, { db, attempt, maxAttempts, leaseUntil, signal, retryDelayMs, log }) => {
      // Only a row not yet sent or failed is delivered: a repeat of a finished job sends nothing.
      const [row] = await db.emailOutbox.updateManyAndReturn({
        where: { id: outboxId, status: { in: ['pending', 'sending'] } },
        data: { status: 'sending', attempts: attempt, leaseUntil },
        select: { recipient: true, subject: true, html: true, text: true, messageId: true, requestId: true },
      });
      if (!row) return;
      const context = { outboxId, attempt, requestId: row.requestId };
      if (attempt > 1) log.warn(context, 'delivering an e-mail again');
      try {
        // Settles promptly once the signal aborts (the transport's contract).
        await transport.send(
          {
            from: options.from,
            to: row.recipient,
            subject: row.subject,
            html: row.html,
            text: row.text,
            messageId: row.messageId,
          },
          signal,
        );
      } catch (error) {
        const final = error instanceof PermanentDeliveryError || attempt >= maxAttempts;
        options.onAttempt?.(final ? 'failed' : 'retry');
        if (!final) {
          const lastError = (error instanceof Error ? error.message : String(error)).slice(0, limits.email.errorLength);
          const nextAttemptAt = new Date(Date.now() + retryDelayMs);
          await db.emailOutbox.updateMany({
            where: { id: outboxId, status: 'sending' },
            data: { status: 'pending', leaseUntil: null, lastError, nextAttemptAt },
          });
          log.warn({ ...context, error: lastError, nextAttemptAt }, 'e-mail delivery failed; will retry');
        }
        throw error;
      }
      options.onAttempt?.('sent');
      await db.emailOutbox.updateMany({
        where: { id: outboxId, status: { in: ['pending', 'sending'] } },
        data: { status: 'sent', sentAt: new Date(), leaseUntil: null, lastError: null },
      });
      log.info(context, 'e-mail sent');
    },
    {
      retries: options.maxAttempts - 1,
      backoff: { baseMs: options.retryBaseMs, maxMs: options.retryMaxMs },
      timeoutMs: options.sendTimeoutMs,
      leaseMs: options.sendTimeoutMs * 4,
      // One at a time per process, as before the jobs: an SMTP relay sees one connection per instance.
      concurrency: 1,
      isPermanent: (error) => error instanceof PermanentDeliveryError,
      // Loading the SMTP library on first use is not the server's time to answer.
      ...(transport.prepare ? { prepare: () => transport.prepare?.() ?? Promise.resolve() } : {}),
      onFailed: async (input, lastError, db) => {
        const { outboxId } = emailDelivery.input.parse(input);
        await db.emailOutbox.updateMany({
          where: { id: outboxId, status: { in: ['pending', 'sending'] } },
          data: { status: 'failed', leaseUntil: null, lastError },
        });
      },
      // An operator's retry of the failed job: the row is delivered again, with fresh attempts
      // (a row sent meanwhile stays sent, and the job then sends nothing).
      onRetry: async (input, db) => {
        const { outboxId } = emailDelivery.input.parse(input);
        await db.emailOutbox.updateMany({
          where: { id: outboxId, status: 'failed' },
          data: { status: 'pending', attempts: 0, nextAttemptAt: new Date(), leaseUntil: null },
        });
      },
    },
  );
}

export interface DispatcherOptions extends DeliveryOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** How long `stop` lets the attempt in flight finish before ending it (default 5 s). */
  stopWaitMs?: number;
  /** Sent and failed rows older than this are deleted. */
  retentionMs: number;
}

export interface OutboxDispatcher {
  start(): void;
  /** A row was committed: look now rather than at the next poll. */
  wake(): void;
  /** Delivers rows until none is due now; resolves with how many attempts were made. */
  deliverDue(): Promise<number>;
  /** Deletes sent and failed rows past the retention period. */
  prune(): Promise<number>;
  /**
   * Claims nothing more; lets the attempt in flight finish (up to `stopWaitMs`, and never
   * past its own time), else ends it, and resolves once its outcome is recorded.
   */
  stop(): Promise<void>;
}

const STOP_WAIT_MS = 5_000;

/**
 * The outbox's view of a job runner: `runner` runs the delivery job among the app's
 * others (the jobs plugin starts and stops it); without one, a runner of the delivery
 * job alone, as the crash test's child process and the dispatcher tests use it.
 */
export function createOutboxDispatcher(
  options: DispatcherOptions,
  runner?: Pick<JobRunner, 'runDue'>,
): OutboxDispatcher {
  const own = runner
    ? undefined
    : createJobRunner({ db: options.db, jobs: [defineEmailDelivery(options)], log: options.log, concurrency: 1 });
  return {
    start() {
      own?.start();
    },
    wake() {
      own?.wake();
    },
    deliverDue: async () => (await (runner ?? own)?.runDue([emailDelivery.name])) ?? 0,
    async prune() {
      const count = await pruneOutbox(options.db, options.retentionMs);
      if (count) options.log.info({ count }, 'pruned old outbox rows');
      return count;
    },
    async stop() {
      await own?.stop(options.stopWaitMs ?? STOP_WAIT_MS, new Error('The server stopped during the delivery'));
    },
  };
}
