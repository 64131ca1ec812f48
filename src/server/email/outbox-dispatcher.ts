import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../../shared/constants.ts';
import type { Database } from '../db/client.ts';
import { PermanentDeliveryError, type EmailTransport } from './transports.ts';

export interface DispatcherOptions {
  db: Database;
  transport: EmailTransport;
  from: string;
  log: FastifyBaseLogger;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** The longest one delivery attempt may take; a claimed row's lease is a multiple of it. */
  sendTimeoutMs: number;
  /** Sent and failed rows older than this are deleted. */
  retentionMs: number;
  /** Told the outcome of every attempt (metrics). */
  onAttempt?: (outcome: 'sent' | 'retry' | 'failed') => void;
}

export interface OutboxDispatcher {
  start(): void;
  /** A row was committed: look now rather than at the next poll. */
  wake(): void;
  /** Delivers rows until none is due now; resolves with how many attempts were made. */
  deliverDue(): Promise<number>;
  /** Deletes sent and failed rows past the retention period. */
  prune(): Promise<number>;
  /** Claims nothing more; waits for the attempt in flight (up to STOP_TIMEOUT_MS), then resolves. */
  stop(): Promise<void>;
}

/**
 * The wait before attempt `attempt + 1` after attempt `attempt` failed: doubling
 * from the base, capped, with "equal jitter" (half fixed, half random) so many
 * rows failing together do not retry together.
 */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random) {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** The longest the dispatcher sleeps before looking for due rows (retries, other instances' rows). */
const POLL_INTERVAL_MS = 5_000;
/** How long `stop` waits for the delivery in flight. */
const STOP_TIMEOUT_MS = 5_000;

/**
 * Delivers the outbox. Each row is claimed with a compare-and-set on
 * (status, attempts), so two dispatchers never hold one row; a claim is a lease,
 * so a row whose dispatcher died is taken over once the lease ends. Delivery is at
 * least once: a crash between the transport's acceptance and the `sent` mark sends
 * the row again, with the same Message-ID. A `sent` row is never claimed again.
 */
export function createOutboxDispatcher(options: DispatcherOptions): OutboxDispatcher {
  const { db, transport, log, maxAttempts } = options;
  const attemptTimeoutMs = options.sendTimeoutMs * 3;
  const leaseMs = options.sendTimeoutMs * 4;

  let running = false;
  let loop: Promise<void> | undefined;
  let inFlight: Promise<unknown> | undefined;
  let wakeUp: (() => void) | undefined;
  let lastPrunedAt = 0;
  // Read through a function: `stop` changes it while the loop awaits.
  const isRunning = () => running;

  async function deliverNext(): Promise<boolean> {
    const now = new Date();
    const candidate = await db.emailOutbox.findFirst({
      where: {
        OR: [
          { status: 'pending', nextAttemptAt: { lte: now } },
          { status: 'sending', leaseUntil: { lt: now } },
        ],
      },
      orderBy: { nextAttemptAt: 'asc' },
      // Exactly the compare-and-set key: the claims below match on the whole of it.
      select: { id: true, status: true, attempts: true },
    });
    if (!candidate) return false;

    if (candidate.status === 'sending') {
      log.warn({ outboxId: candidate.id }, 'taking over an e-mail whose delivery was interrupted');
      if (candidate.attempts >= maxAttempts) {
        await db.emailOutbox.updateMany({
          where: candidate,
          data: { status: 'failed', leaseUntil: null, lastError: 'The last attempt was interrupted.' },
        });
        return true;
      }
    }

    const attempt = candidate.attempts + 1;
    // The claim is a compare-and-set on (status, attempts) that returns what to send.
    const [row] = await db.emailOutbox.updateManyAndReturn({
      where: candidate,
      data: { status: 'sending', attempts: attempt, leaseUntil: new Date(now.getTime() + leaseMs) },
      select: { recipient: true, subject: true, html: true, text: true, messageId: true, requestId: true },
    });
    // Another dispatcher claimed it first: look for the next row.
    if (!row) return true;
    const ours = { id: candidate.id, status: 'sending', attempts: attempt };
    const context = { outboxId: candidate.id, attempt, requestId: row.requestId };
    try {
      const sending = withTimeout(
        transport.send({
          from: options.from,
          to: row.recipient,
          subject: row.subject,
          html: row.html,
          text: row.text,
          messageId: row.messageId,
        }),
        attemptTimeoutMs,
      );
      inFlight = sending;
      await sending;
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, limits.email.errorLength);
      const final = error instanceof PermanentDeliveryError || attempt >= maxAttempts;
      const nextAttemptAt = new Date(Date.now() + retryDelay(attempt, options.retryBaseMs, options.retryMaxMs));
      await db.emailOutbox.updateMany({
        where: ours,
        data: final
          ? { status: 'failed', leaseUntil: null, lastError }
          : { status: 'pending', leaseUntil: null, lastError, nextAttemptAt },
      });
      options.onAttempt?.(final ? 'failed' : 'retry');
      if (final) log.error({ ...context, error: lastError }, 'e-mail failed for good');
      else log.warn({ ...context, error: lastError, nextAttemptAt }, 'e-mail delivery failed; will retry');
      return true;
    } finally {
      inFlight = undefined;
    }
    options.onAttempt?.('sent');
    const marked = await db.emailOutbox.updateMany({
      where: ours,
      data: { status: 'sent', sentAt: new Date(), leaseUntil: null, lastError: null },
    });
    if (marked.count === 0) log.warn(context, 'e-mail sent after its lease ended; another dispatcher may resend it');
    else log.info(context, 'e-mail sent');
    return true;
  }

  async function prune(): Promise<number> {
    const { count } = await db.emailOutbox.deleteMany({
      where: {
        status: { in: ['sent', 'failed'] },
        createdAt: { lt: new Date(Date.now() - options.retentionMs) },
      },
    });
    if (count) log.info({ count }, 'pruned old outbox rows');
    return count;
  }

  /** Sleeps for `ms` unless woken first. */
  async function pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = undefined;
  }

  /** Sleeps until woken, until the next row is due, or for the poll interval, whichever is first. */
  async function idle(): Promise<void> {
    const next = await db.emailOutbox.findFirst({
      where: { status: 'pending' },
      orderBy: { nextAttemptAt: 'asc' },
      select: { nextAttemptAt: true },
    });
    const untilDue = next ? next.nextAttemptAt.getTime() - Date.now() : POLL_INTERVAL_MS;
    if (running) await pause(Math.max(10, Math.min(POLL_INTERVAL_MS, untilDue)));
  }

  async function run(): Promise<void> {
    while (running) {
      try {
        if (Date.now() - lastPrunedAt > PRUNE_EVERY_MS) {
          lastPrunedAt = Date.now();
          await prune();
        }
        if (!(await deliverNext())) await idle();
      } catch (error) {
        // The database is away or a row is unreadable: log, wait, try again.
        log.error({ err: error }, 'outbox dispatcher error');
        if (isRunning()) await pause(POLL_INTERVAL_MS);
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake() {
      wakeUp?.();
    },
    async deliverDue() {
      let attempts = 0;
      while (await deliverNext()) attempts += 1;
      return attempts;
    },
    prune,
    async stop() {
      running = false;
      wakeUp?.();
      const current = inFlight;
      if (current) {
        const finished = await Promise.race([
          current.then(
            () => true,
            () => true,
          ),
          new Promise<false>((resolve) =>
            setTimeout(() => {
              resolve(false);
            }, STOP_TIMEOUT_MS).unref(),
          ),
        ]);
        if (!finished) {
          log.warn('stopping with an e-mail in flight: it is retried after its lease ends');
          return;
        }
      }
      await loop;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`No answer within ${ms} ms`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
