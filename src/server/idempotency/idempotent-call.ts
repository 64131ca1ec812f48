import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import superjson from 'superjson';
import { AppError, isAppErrorCode, type FieldErrors } from '../../shared/errors.ts';
import type { Database } from '../db/client.ts';
import { toAppError } from '../errors/to-app-error.ts';

export interface IdempotencySettings {
  /** How long an answer stays stored (IDEMPOTENCY_KEY_TTL_HOURS). */
  ttlMs: number;
  /** How long a repeat waits for the first call's answer before IDEMPOTENCY_KEY_IN_USE. */
  waitMs: number;
  /** After this, a running claim is taken to be its instance's crash, and may be run again. */
  leaseMs: number;
}

export interface IdempotentCall {
  /** The credential the key belongs to (`user:<id>`, `api-key:<id>`): one caller cannot see another's answers. */
  scope: string;
  key: string;
  /** The procedure's path: the same key for another procedure is another input. */
  path: string;
  input: unknown;
}

type StoredAnswer =
  | { data: unknown }
  | {
      error: {
        code: string;
        message: string;
        details: Record<string, unknown> | null;
        fieldErrors: FieldErrors | null;
      };
    };

/** JSON with object keys in order, so the same input always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** SHA-256 of the path and the parsed input (superjson's form, so Dates and the like count). */
export function inputHashOf(path: string, input: unknown): string {
  return createHash('sha256')
    .update(`${path}\n${canonical(superjson.serialize(input))}`)
    .digest('hex');
}

function replay(answer: string | null): unknown {
  const stored = answer === null ? null : superjson.parse<StoredAnswer>(answer);
  if (!stored) throw new AppError('INTERNAL', { message: 'A stored idempotent answer is missing.' });
  if ('data' in stored) return stored.data;
  const { code, message, details, fieldErrors } = stored.error;
  throw new AppError(isAppErrorCode(code) ? code : 'INTERNAL', {
    message,
    ...(details ? { details } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
  });
}

/** Whether a write failed on the (scope, key) unique index: someone holds the key. */
function isTaken(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'P2002' || toAppError(error).code === 'CONFLICT';
}

/**
 * Runs `run` at most once per (scope, key) while the key lives (decision 0038):
 * - the first call claims the key (a unique row, so one claim wins on either engine
 *   and across instances), runs, and stores its answer, success or error;
 * - a repeat with the same path and input gets the stored answer without running;
 *   with another one, IDEMPOTENCY_KEY_REUSED (422);
 * - a repeat while the first still runs waits for its answer up to `waitMs`, then
 *   answers IDEMPOTENCY_KEY_IN_USE (409);
 * - a claim whose lease ended (its instance died) is taken over by compare-and-set.
 */
export async function idempotent<T>(
  services: { db: Database; log: FastifyBaseLogger },
  settings: IdempotencySettings,
  call: IdempotentCall,
  run: () => Promise<T>,
): Promise<T> {
  const { db } = services;
  const inputHash = inputHashOf(call.path, call.input);
  const deadline = Date.now() + settings.waitMs;
  let pause = 5;
  for (;;) {
    const now = new Date();
    const claim = {
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      expiresAt: new Date(now.getTime() + settings.ttlMs),
    };
    const id = randomUUID();
    const claimed = await db.idempotencyRecord
      .create({
        data: { id, scope: call.scope, key: call.key, inputHash, state: 'running', ...claim },
        select: { id: true },
      })
      .then(
        () => true,
        (error: unknown) => {
          if (isTaken(error)) return false;
          throw error;
        },
      );
    if (claimed) return runAndStore(services, id, run);

    const found = await db.idempotencyRecord.findUnique({
      where: { scope_key: { scope: call.scope, key: call.key } },
      select: { id: true, inputHash: true, state: true, answer: true, leaseUntil: true, expiresAt: true },
    });
    if (found && found.expiresAt <= now) {
      // An expired key is a new key: remove the old answer, then claim it afresh.
      await db.idempotencyRecord.deleteMany({ where: { id: found.id, expiresAt: { lte: now } } });
    } else if (found) {
      if (found.inputHash !== inputHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (found.state === 'done') return replay(found.answer) as T;
      if (found.leaseUntil <= now) {
        const { count } = await db.idempotencyRecord.updateMany({
          where: { id: found.id, state: 'running', leaseUntil: found.leaseUntil },
          data: { leaseUntil: claim.leaseUntil },
        });
        if (count === 1) return runAndStore(services, found.id, run);
      }
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new AppError('IDEMPOTENCY_KEY_IN_USE');
    await sleep(Math.min(pause, left));
    pause = Math.min(pause * 2, 100);
  }
}

async function runAndStore<T>(
  services: { db: Database; log: FastifyBaseLogger },
  id: string,
  run: () => Promise<T>,
): Promise<T> {
  let answer: StoredAnswer;
  let outcome: { ok: true; data: T } | { ok: false; error: unknown };
  try {
    const data = await run();
    answer = { data };
    outcome = { ok: true, data };
  } catch (error) {
    const appError = toAppError(error);
    answer = {
      error: {
        code: appError.code,
        message: appError.message,
        details: appError.details ?? null,
        fieldErrors: appError.fieldErrors ?? null,
      },
    };
    outcome = { ok: false, error };
  }
  await services.db.idempotencyRecord
    .updateMany({ where: { id, state: 'running' }, data: { state: 'done', answer: superjson.stringify(answer) } })
    .catch((error: unknown) => {
      // The call's own answer still goes out; a repeat meets the running claim until its lease ends.
      services.log.error({ err: error }, 'idempotent answer not stored');
    });
  if (outcome.ok) return outcome.data;
  throw outcome.error;
}

/** Deletes expired keys and their answers; answers how many. The jobs' scheduler calls it. */
export async function pruneIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const { count } = await db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
