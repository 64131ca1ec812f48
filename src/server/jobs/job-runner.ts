import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../../shared/constants.ts';
import { AppError } from '../../shared/errors.ts';
import { runAudited, type AuditOutcome } from '../audit/audit-trail.ts';
import type { Database } from '../db/client.ts';
import { toAppError } from '../errors/to-app-error.ts';
import type { JobDefinition } from './define-job.ts';
import { onCommitted } from '../db/commit-wake.ts';
import { JOBS_CHANNEL } from './enqueue.ts';
import { claimNextJob, type ClaimedJob } from './job-claims.ts';

export type JobOutcome = 'succeeded' | 'retry' | 'failed' | 'released';

export interface JobRunnerOptions {
  db: Database;
  jobs: readonly JobDefinition[];
  log: FastifyBaseLogger;
  /** Jobs this process runs at once, all names together (JOBS_CONCURRENCY). */
  concurrency: number;
  /** The longest the runner sleeps before looking for due jobs (retries, other instances' jobs). */
  pollMs?: number;
  /** How long a handler may take to settle after its signal aborts before the runner gives up on it. */
  abortGraceMs?: number;
  /** Told each attempt's outcome, with how long it ran and how long it waited past its time. */
  onOutcome?: (name: string, outcome: JobOutcome, runSeconds: number, waitSeconds: number) => void;
}

export interface JobRunner {
  /** Runs jobs in the background until `stop`. */
  start(): void;
  /** A job was committed: look now rather than at the next poll. */
  wake(): void;
  /** Runs due jobs one at a time until none is due (of `names`, else of every job), waiting for those the workers hold; resolves with how many attempts it ran. */
  runDue(names?: readonly string[]): Promise<number>;
  /**
   * Claims nothing more; lets the attempts in flight finish for up to `waitMs`, then
   * aborts them with `reason` and releases them (queued again, that attempt uncounted),
   * and resolves once every outcome is recorded.
   */
  stop(waitMs: number, reason?: Error): Promise<void>;
}

const POLL_MS = 5_000;
const ABORT_GRACE_MS = 2_000;

/** The error text kept on a job: a message, cut to the catalogue's length. */
function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, limits.email.errorLength);
}

/**
 * Runs the jobs this process knows. Each claim is leased (job-claims.ts): a job whose
 * worker is lost runs again once its lease ends, and every outcome is written with a
 * compare-and-set on (id, running, attempt), so a worker that outlived its lease never
 * overwrites the outcome of the worker that took the job over.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const definitions = new Map(options.jobs.map((job) => [job.name, job]));
  const workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const pollMs = options.pollMs ?? POLL_MS;
  const abortGraceMs = options.abortGraceMs ?? ABORT_GRACE_MS;

  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  let stopReason: Error | undefined;
  const inFlight = new Map<string, { name: string; controller: AbortController; done: Promise<void> }>();
  /** The background loop's claim on its way: a job it claims is in `inFlight` only once it answers. */
  let loopClaim: Promise<ClaimedJob | 'none' | 'lost'> | undefined;
  const unregister = onCommitted(db, JOBS_CHANNEL, () => {
    wake();
  });

  // Read through functions: `wake` and `stop` change them while the loop awaits.
  const isRunning = () => running;
  const wasWoken = () => woken;

  function wake() {
    woken = true;
    wakeUp?.();
  }

  /** Names with a free slot now (of `among`, else every job). */
  function available(among?: readonly string[]): string[] {
    const names = among ?? [...definitions.keys()];
    return names.filter((name) => {
      const definition = definitions.get(name);
      if (!definition) return false;
      let busy = 0;
      for (const attempt of inFlight.values()) if (attempt.name === name) busy += 1;
      return busy < definition.concurrency;
    });
  }

  async function claim(names: readonly string[]): Promise<ClaimedJob | 'none' | 'lost'> {
    return claimNextJob(db, {
      names,
      workerId,
      now: new Date(),
      limitsOf: (name) => {
        const definition = definitions.get(name);
        return { leaseMs: definition?.leaseMs ?? 60_000, maxAttempts: definition?.maxAttempts ?? 1 };
      },
    });
  }

  /** Runs one claimed attempt and records its outcome. */
  async function runClaimed(job: ClaimedJob, controller: AbortController): Promise<void> {
    const definition = definitions.get(job.name);
    if (!definition) return;
    const attempt = job.attempts;
    const ours = { id: job.id, status: 'running', attempts: attempt };
    const context = { jobId: job.id, job: job.name, attempt };
    const row = await db.backgroundJob.findUnique({ where: { id: job.id }, select: { runAt: true, leaseUntil: true } });
    const startedAt = Date.now();
    const waitSeconds = row ? Math.max(0, startedAt - row.runAt.getTime()) / 1000 : 0;
    const report = (outcome: JobOutcome) =>
      options.onOutcome?.(job.name, outcome, (Date.now() - startedAt) / 1000, waitSeconds);
    let input: unknown;

    // The previous attempt was the last one, and its worker was lost mid-way.
    if (attempt > definition.maxAttempts) {
      const lastError = 'The last attempt was interrupted.';
      log.warn(context, 'a job whose last attempt was interrupted is failed');
      await db.backgroundJob.updateMany({
        where: ours,
        data: { status: 'failed', attempts: attempt - 1, leaseUntil: null, finishedAt: new Date(), lastError },
      });
      report('failed');
      await definition.onFailed?.(safeParse(job.input), lastError, db);
      return;
    }
    if (attempt > 1) log.info(context, 'running a job again');

    const retryDelayMs = definition.retryDelayMs(attempt);
    /** What becomes of the job after this attempt threw `error`. */
    const fateOf = (error: unknown): Exclude<JobOutcome, 'succeeded'> =>
      stopReason && controller.signal.reason === stopReason
        ? 'released'
        : attempt >= definition.maxAttempts || definition.isPermanent(error)
          ? 'failed'
          : 'retry';
    // Decided once, when the audit row is written, so the row and the job's status agree.
    let fate: Exclude<JobOutcome, 'succeeded'> | undefined;
    let deadline: NodeJS.Timeout | undefined;
    try {
      await definition.prepare?.();
      deadline = setTimeout(() => {
        controller.abort(new Error(`No answer within ${definition.timeoutMs} ms`));
      }, definition.timeoutMs);
      input = definition.input.parse(JSON.parse(job.input));
      const handled = definition.handler(input, {
        jobId: job.id,
        attempt,
        maxAttempts: definition.maxAttempts,
        signal: controller.signal,
        leaseUntil: row?.leaseUntil ?? new Date(startedAt + definition.leaseMs),
        retryDelayMs,
        db,
        log: log.child(context),
      });
      // One audit row per attempt, the job as its actor (docs/decisions/0038-audit-trail-and-idempotency.md),
      // a failed one recorded by its reason if catalogued, else by what becomes of the job.
      const audited = {
        actor: { kind: 'job' as const, name: definition.name },
        procedure: `job:${definition.name}`,
        input,
        failure: (error: unknown) => attemptOutcome(error, (fate = fateOf(error))),
      };
      await runAudited({ db, log }, audited, () => settleAfterAbort(handled, controller.signal, abortGraceMs));
    } catch (error) {
      clearTimeout(deadline);
      const lastError = describe(error);
      fate ??= fateOf(error);
      if (fate === 'released') {
        await db.backgroundJob.updateMany({
          where: ours,
          data: { status: 'queued', attempts: attempt - 1, leaseUntil: null, runAt: new Date(), lastError },
        });
        log.warn(context, 'a job was ended by the shutdown and released: it runs again at the next start');
        report('released');
        return;
      }
      const final = fate === 'failed';
      await db.backgroundJob.updateMany({
        where: ours,
        data: final
          ? { status: 'failed', leaseUntil: null, finishedAt: new Date(), lastError }
          : { status: 'queued', leaseUntil: null, runAt: new Date(Date.now() + retryDelayMs), lastError },
      });
      report(final ? 'failed' : 'retry');
      if (final) {
        log.error({ ...context, error: lastError }, 'job failed for good');
        await definition.onFailed?.(input ?? safeParse(job.input), lastError, db);
      } else log.warn({ ...context, error: lastError }, 'job attempt failed; will retry');
      return;
    }
    clearTimeout(deadline);
    const marked = await db.backgroundJob.updateMany({
      where: ours,
      data: { status: 'succeeded', leaseUntil: null, finishedAt: new Date(), lastError: null },
    });
    report('succeeded');
    if (marked.count === 0) log.warn(context, 'job finished after its lease ended; another worker may run it again');
  }

  /** Runs a claimed attempt, tracked (so `stop` can wait for it or end it) until its outcome is recorded. */
  function track(job: ClaimedJob): Promise<void> {
    const controller = new AbortController();
    const done = runClaimed(job, controller).catch((error: unknown) => {
      log.error({ err: error, jobId: job.id }, 'recording a job outcome failed');
    });
    inFlight.set(job.id, { name: job.name, controller, done });
    return done.finally(() => {
      inFlight.delete(job.id);
    });
  }

  async function run(): Promise<void> {
    while (running) {
      try {
        woken = false;
        const names = inFlight.size < options.concurrency ? available() : [];
        let claimed: ClaimedJob | 'none' | 'lost' = 'none';
        if (names.length) {
          loopClaim = claim(names);
          try {
            claimed = await loopClaim;
          } finally {
            loopClaim = undefined;
          }
        }
        if (claimed === 'lost') continue;
        if (claimed !== 'none') {
          void track(claimed).finally(wake);
          continue;
        }
        if (!wasWoken() && isRunning()) await pause(await untilNextDue(names));
      } catch (error) {
        // The database is away: log, wait, try again.
        log.error({ err: error }, 'job runner error');
        if (isRunning()) await pause(pollMs);
      }
    }
  }

  /** How long to sleep: until the next queued job of `names` is due, at most the poll interval. */
  async function untilNextDue(names: readonly string[]): Promise<number> {
    if (names.length === 0) return pollMs;
    const next = await db.backgroundJob.findFirst({
      where: { status: 'queued', name: { in: [...names] } },
      orderBy: { runAt: 'asc' },
      select: { runAt: true },
    });
    return Math.max(10, Math.min(pollMs, next ? next.runAt.getTime() - Date.now() : pollMs));
  }

  /**
   * Sleeps up to `ms`, or until woken. A wake or stop that came while the loop was still
   * awaiting the database (claiming, or reading when the next job is due) ends it at once:
   * checked here, in the same synchronous step that sets `wakeUp`, so none is lost.
   */
  async function pause(ms: number): Promise<void> {
    if (wasWoken() || !isRunning()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = undefined;
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake,
    async runDue(names) {
      let attempts = 0;
      for (;;) {
        const claimable = available(names);
        const claimed = await claim(claimable);
        if (claimed === 'none') {
          // The background loop may be claiming one of them right now: once its claim answers,
          // what it took is in flight, and is waited for below.
          const claiming = loopClaim;
          if (claiming) {
            await claiming.catch(() => undefined);
            continue;
          }
          // The background loop may hold some of them: what is due now is done when they are.
          const held = [...inFlight.values()].filter(({ name }) => !names || names.includes(name));
          if (held.length === 0) return attempts;
          await Promise.all(held.map(({ done }) => done));
          continue;
        }
        if (claimed === 'lost') continue;
        attempts += 1;
        await track(claimed);
      }
    },
    async stop(waitMs, reason = new Error('The server stopped during the job')) {
      running = false;
      unregister();
      wakeUp?.();
      await loop;
      const pending = [...inFlight.values()];
      if (pending.length) {
        const all = Promise.all(pending.map(({ done }) => done)).then(() => true);
        const finished = await Promise.race([
          all,
          new Promise<false>((resolve) =>
            setTimeout(() => {
              resolve(false);
            }, waitMs).unref(),
          ),
        ]);
        if (!finished) {
          log.warn({ jobs: pending.length }, 'stopping with jobs in flight: they are ended and released');
          stopReason = reason;
          for (const { controller } of pending) controller.abort(reason);
          await all;
        }
      }
    },
  };
}

/**
 * A failed attempt's audit outcome. A catalogued error keeps its code: the handler (or
 * the database, through `toAppError`) said why, and `UNAVAILABLE` or `CONFLICT` tells an
 * operator more than any label. Anything else (an SMTP refusal, a timeout, a bug) is
 * not `INTERNAL`, which on the audit screen reads as our fault and hides whether
 * anything will happen next, but the job's fate: `will-retry`, `failed` (for good: the
 * job's last error is on /admin/jobs) or `released` (the shutdown ended it). A release
 * wins over the error it caused: the attempt did not fail, it was stopped.
 */
function attemptOutcome(error: unknown, fate: Exclude<JobOutcome, 'succeeded'>): AuditOutcome {
  if (fate === 'released') return 'released';
  const { code } = toAppError(error);
  if (code !== 'INTERNAL' || error instanceof AppError) return code;
  return fate === 'retry' ? 'will-retry' : 'failed';
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Waits for a handler; once its signal aborts, waits at most `graceMs` more. A handler
 * that ignores its signal is left behind (its outcome is recorded as this error), so one
 * stuck job cannot hold a slot or the shutdown forever.
 */
async function settleAfterAbort(handled: Promise<void>, signal: AbortSignal, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<never>((_resolve, reject) => {
    const giveUp = () => {
      timer = setTimeout(() => {
        reject(signal.reason instanceof Error ? signal.reason : new Error('The job was ended'));
      }, graceMs);
    };
    if (signal.aborted) giveUp();
    else signal.addEventListener('abort', giveUp, { once: true });
  });
  givenUp.catch(() => undefined);
  try {
    await Promise.race([handled, givenUp]);
  } finally {
    clearTimeout(timer);
  }
}
