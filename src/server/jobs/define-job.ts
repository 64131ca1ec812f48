import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { DatabaseClient } from '../db/transaction.ts';
import { retryDelay } from './backoff.ts';

/** What a handler is told about the attempt it runs. */
export interface JobContext {
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the attempt's time is up or the worker stops: end the work and settle. */
  signal: AbortSignal;
  /** Until then this worker owns the job; after it another worker may run it again. */
  leaseUntil: Date;
  /** How long the job waits before its next attempt if this one fails (backoff, jitter included). */
  retryDelayMs: number;
  db: Database;
  log: FastifyBaseLogger;
}

export interface JobOptions {
  /** Attempts after the first before the job is `failed` (default 3). */
  retries?: number;
  /** Backoff between attempts: doubling from `baseMs` up to `maxMs`, with equal jitter (default 1 s, 10 min). */
  backoff?: { baseMs: number; maxMs: number };
  /** The longest one attempt may take; then its signal aborts (default 60 s). */
  timeoutMs?: number;
  /** How long a claim holds before another worker may take the job over (default twice the timeout, plus 10 s). */
  leaseMs?: number;
  /** Attempts of this job one worker process runs at once (default 1). */
  concurrency?: number;
  /** Errors that no retry can fix: the job fails at once. */
  isPermanent?: (error: unknown) => boolean;
  /** Runs before each attempt, outside its time (loading a library on first use). */
  prepare?: () => Promise<void>;
  /**
   * Told once the job is `failed` for good, with its last error: after its last attempt,
   * after a permanent error, or when its last attempt was interrupted (a lost worker).
   */
  onFailed?: (input: unknown, lastError: string, db: Database) => Promise<void>;
  /**
   * Runs in the transaction that queues a failed job again (jobs.retry, an operator's
   * retry), with the job's input: undo what `onFailed` settled, so the fresh attempts do
   * the work again rather than finding it finished (the e-mail's row back to pending).
   */
  onRetry?: (input: unknown, db: DatabaseClient) => Promise<void>;
}

/** The part of a job that callers enqueue by: its name and input schema. */
export interface JobReference<Input> {
  readonly name: string;
  readonly input: z.ZodType<Input>;
}

export interface JobDefinition<Input = unknown> extends JobReference<Input> {
  /** A method, so a job of any input is a `JobDefinition<unknown>` to the runner, which parses inputs itself. */
  handler(input: Input, context: JobContext): Promise<void>;
  readonly maxAttempts: number;
  readonly backoff: { baseMs: number; maxMs: number };
  readonly timeoutMs: number;
  readonly leaseMs: number;
  readonly concurrency: number;
  readonly isPermanent: (error: unknown) => boolean;
  readonly prepare?: () => Promise<void>;
  readonly onFailed?: (input: unknown, lastError: string, db: Database) => Promise<void>;
  readonly onRetry?: (input: unknown, db: DatabaseClient) => Promise<void>;
  /** The wait after attempt `attempt` failed. */
  retryDelayMs(attempt: number): number;
}

const JOB_NAME = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;

/**
 * A durable job: `enqueue(db, job, input)` writes it in the caller's transaction, a
 * worker runs `handler` with the parsed input, retrying with backoff up to `retries`
 * times. Delivery is at least once: a worker lost mid-attempt (a crash, SIGKILL) leaves
 * the job to be run again after its lease, so a handler must tolerate a repeat (make its
 * effect idempotent, or check first). docs/decisions/0037-durable-jobs-and-schedules.md.
 */
export function defineJob<Schema extends z.ZodType>(
  name: string,
  input: Schema,
  handler: (input: z.output<Schema>, context: JobContext) => Promise<void>,
  options: JobOptions = {},
): JobDefinition<z.output<Schema>> {
  if (!JOB_NAME.test(name)) throw new Error(`Job name "${name}" must be lower-case words joined by dots or dashes`);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const backoff = options.backoff ?? { baseMs: 1_000, maxMs: 600_000 };
  return {
    name,
    input: input as z.ZodType<z.output<Schema>>,
    handler,
    maxAttempts: (options.retries ?? 3) + 1,
    backoff,
    timeoutMs,
    leaseMs: options.leaseMs ?? timeoutMs * 2 + 10_000,
    concurrency: options.concurrency ?? 1,
    isPermanent: options.isPermanent ?? (() => false),
    ...(options.onFailed ? { onFailed: options.onFailed } : {}),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    ...(options.prepare ? { prepare: options.prepare } : {}),
    retryDelayMs: (attempt) => retryDelay(attempt, backoff.baseMs, backoff.maxMs),
  };
}

/** The jobs an app defines, by name: what a retry asks for its `onRetry`. */
export interface JobCatalog {
  find(name: string): JobDefinition | undefined;
}

/** A catalog of `jobs` (tests; the app's is its jobs plugin). */
export function jobCatalog(jobs: readonly JobDefinition[]): JobCatalog {
  return { find: (name) => jobs.find((job) => job.name === name) };
}
