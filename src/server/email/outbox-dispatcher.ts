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
  /**
   * The longest one delivery attempt may take (EMAIL_SEND_TIMEOUT_MS): then it is
   * ended, with its connection. A claimed row's lease is four times it.
   */
  sendTimeoutMs: number;
  /** How long `stop` lets the attempt in flight finish before ending it (default 5 s). */
  stopWaitMs?: number;
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
  /**
   * Claims nothing more; lets the attempt in flight finish (up to `stopWaitMs`, and never
   * past its own time), else ends it, and resolves once its outcome is recorded.
   */
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
/** How long `stop` lets the attempt in flight finish, unless told otherwise. */
const STOP_WAIT_MS = 5_000;

/**
 * Delivers the outbox. Each row is claimed with a compare-and-set on
 * (status, attempts), so two dispatchers never hold one row; a claim is a lease,
 * so a row whose dispatcher died is taken over once the lease ends. Delivery is at
 * least once: a crash between the transport's acceptance and the `sent` mark sends
 * the row again, with the same Message-ID. A `sent` row is never claimed again.
 *
 * An attempt is ended, not abandoned: at its deadline (or when `stop` gives up
 * waiting) its signal makes the transport close the connection, and the row records
 * what the transport then reports. So an attempt never goes on delivering behind a
 * retry, and a message the server accepted before the end is recorded `sent`. The one
 * window left is the server accepting just as the connection closes, before its answer
 * arrives: the retry carries the same Message-ID.
 */
export function createOutboxDispatcher(options: DispatcherOptions): OutboxDispatcher {
  const { db, transport, log, maxAttempts } = options;
  const attemptTimeoutMs = options.sendTimeoutMs;
  const leaseMs = options.sendTimeoutMs * 4;
  const stopWaitMs = options.stopWaitMs ?? STOP_WAIT_MS;

  let running = false;
  let loop: Promise<void> | undefined;
  /** The attempt in flight: how to end it, and its whole course up to the recorded outcome. */
  let inFlight: { controller: AbortController; recorded: Promise<unknown> } | undefined;
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
    const controller = new AbortController();
    const recorded = attemptAndRecord(candidate.id, attempt, row, controller);
    inFlight = { controller, recorded };
    try {
      await recorded;
    } finally {
      inFlight = undefined;
    }
    return true;
  }

  /** One delivery attempt of a claimed row, ended at its deadline, and its outcome recorded. */
  async function attemptAndRecord(
    id: string,
    attempt: number,
    row: {
      recipient: string;
      subject: string;
      html: string;
      text: string;
      messageId: string;
      requestId: string | null;
    },
    controller: AbortController,
  ): Promise<void> {
    const ours = { id, status: 'sending', attempts: attempt };
    const context = { outboxId: id, attempt, requestId: row.requestId };
    let deadline: NodeJS.Timeout | undefined;
    try {
      await transport.prepare?.();
      deadline = setTimeout(() => {
        controller.abort(new Error(`No answer within ${attemptTimeoutMs} ms`));
      }, attemptTimeoutMs);
      // Settles promptly once the signal aborts (the transport's contract): no race with a
      // timer of our own, whose loss would leave the send going on behind the retry.
      await transport.send(
        {
          from: options.from,
          to: row.recipient,
          subject: row.subject,
          html: row.html,
          text: row.text,
          messageId: row.messageId,
        },
        controller.signal,
      );
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
      return;
    } finally {
      clearTimeout(deadline);
    }
    options.onAttempt?.('sent');
    const marked = await db.emailOutbox.updateMany({
      where: ours,
      data: { status: 'sent', sentAt: new Date(), leaseUntil: null, lastError: null },
    });
    if (marked.count === 0) log.warn(context, 'e-mail sent after its lease ended; another dispatcher may resend it');
    else log.info(context, 'e-mail sent');
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
      const attempt = inFlight;
      if (attempt) {
        const settled = attempt.recorded.then(
          () => true,
          () => true,
        );
        const finished = await Promise.race([
          settled,
          new Promise<false>((resolve) =>
            setTimeout(() => {
              resolve(false);
            }, stopWaitMs).unref(),
          ),
        ]);
        if (!finished) {
          // Ended rather than left running: an attempt that went on after the process
          // stopped would deliver a copy that the next start sends again.
          log.warn('stopping with an e-mail in flight: its attempt is ended, and it is retried');
          attempt.controller.abort(new Error('The server stopped during the delivery'));
          await settled;
        }
      }
      await loop;
    },
  };
}
