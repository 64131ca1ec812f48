import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppErrorCode } from '../../shared/errors.ts';
import type { Database } from '../db/client.ts';
import { CommitCompanion, type DatabaseClient } from '../db/transaction.ts';
import { toAppError } from '../errors/to-app-error.ts';
import { actorColumns, type Actor } from './actor.ts';
import { auditPayload } from './redaction.ts';

/** What a change was made to: an entity's name and the record's id. */
export interface AuditTarget {
  entity: string;
  id: string | null;
}

/**
 * What a job attempt that failed for no catalogued reason is recorded as, by what
 * happens to the job next (job-runner.ts): it runs again after its backoff, it failed
 * for good (last attempt, or an error the job declares permanent), or the shutdown
 * ended it and it runs again at the next start, that attempt uncounted.
 */
export const jobAttemptOutcomes = ['will-retry', 'failed', 'released'] as const;
export type JobAttemptOutcome = (typeof jobAttemptOutcomes)[number];

/** `ok`, the catalogue code a call answered (or a job's catalogued error), or a job attempt's fate. */
export type AuditOutcome = 'ok' | AppErrorCode | JobAttemptOutcome;

/** One audit row before it is written. */
export interface AuditEntry {
  actor: Actor;
  /** A procedure's path (`admin.users.setRole`), or a job's unit of work (`job:prune-sessions`). */
  procedure: string;
  target: AuditTarget | null;
  outcome: AuditOutcome;
  requestId: string | null;
  input: unknown;
  /** Input fields holding personal data (secrets are always replaced: redaction.ts). */
  redact?: readonly string[];
  /** Input fields left out of the row altogether: not data anyone sent (a form's honeypot). */
  drop?: readonly string[];
}

/**
 * Inserts one audit row through `client` (the change's transaction, or the database).
 * A raw statement rather than `auditEvent.create`: every mutation writes one, and
 * Prisma's query pipeline costs more than the insert itself. The adapter binds and
 * encodes the values.
 */
function insertAudit(client: DatabaseClient, id: string, entry: AuditEntry) {
  const actor = actorColumns(entry.actor);
  const payload = auditPayload(entry.input, { redact: entry.redact, drop: entry.drop });
  const target = targetColumns(entry.target);
  return client.$executeRaw`
    INSERT INTO "AuditEvent" ("id", "at", "actorKind", "actorId", "actorUserId", "actorName", "actorEmail",
      "procedure", "targetType", "targetId", "outcome", "requestId", "payload")
    VALUES (${id}, ${new Date()}, ${actor.actorKind}, ${actor.actorId ?? null}, ${actor.actorUserId ?? null},
      ${actor.actorName ?? null}, ${actor.actorEmail ?? null}, ${entry.procedure}, ${target.targetType}, ${target.targetId},
      ${entry.outcome}, ${entry.requestId}, ${payload})`;
}

/**
 * Writes one audit row by itself, for a call whose change did not commit (a failed
 * call's row stays although its own transaction rolled back) or that opened no
 * transaction. A row that cannot be written is logged as an error, not raised: what the
 * call did is done, and a retry would repeat it.
 */
export async function writeAudit(db: Database, log: FastifyBaseLogger, entry: AuditEntry): Promise<void> {
  try {
    await insertAudit(db, randomUUID(), entry);
  } catch (error) {
    log.error({ err: error, procedure: entry.procedure, outcome: entry.outcome }, 'audit row not written');
  }
}

export interface AuditedWork<T> {
  actor: Actor;
  procedure: string;
  input?: unknown;
  redact?: readonly string[];
  drop?: readonly string[];
  /** The target, from the answer when the work succeeded (`undefined` when it failed). */
  target?: (result: T | undefined) => AuditTarget | null;
  requestId?: string | null;
  /** The outcome of work that threw; by default its catalogue code (`toAppError`). */
  failure?: (error: unknown) => AuditOutcome;
}

/**
 * Runs a unit of work that changes something and audits it: one row with its outcome,
 * whether it succeeded or threw (the error is re-thrown). Every mutation procedure
 * runs through it (trpc/procedure.ts); a job runner or a command calls it directly
 * with `{ kind: 'job', name }` or `{ kind: 'system', name }` as the actor.
 *
 * The row commits with the change: the first transaction the work opens writes it
 * as `ok` before it commits (one commit, not two, and no change without its row:
 * decision 0042). Work that then fails, or answers with another target than its
 * transaction's result gave, has the row corrected; work that opened no transaction,
 * or whose transactions all rolled back, gets a row of its own afterwards.
 */
export async function runAudited<T>(
  services: { db: Database; log: FastifyBaseLogger },
  work: AuditedWork<T>,
  run: () => Promise<T> | T,
): Promise<T> {
  const entry = (outcome: AuditOutcome, target: AuditTarget | null): AuditEntry => ({
    actor: work.actor,
    procedure: work.procedure,
    target,
    outcome,
    requestId: work.requestId ?? null,
    input: work.input,
    ...(work.redact ? { redact: work.redact } : {}),
    ...(work.drop ? { drop: work.drop } : {}),
  });
  const id = randomUUID();
  let written: AuditTarget | null = null;
  const companion = new CommitCompanion(services.db, async (tx, result) => {
    // The transaction's result is usually the answer; when it is not, the row is corrected below.
    written = targetOf(work, result as T, undefined);
    await insertAudit(tx, id, entry('ok', written));
  });
  let result: T;
  try {
    result = await companion.offer(async () => await run());
  } catch (error) {
    const outcome = work.failure ? work.failure(error) : toAppError(error).code;
    if (companion.close()) await correctAudit(services, id, work.procedure, { outcome });
    else await writeAudit(services.db, services.log, entry(outcome, targetOf(work, undefined, services.log)));
    throw error;
  }
  const target = targetOf(work, result, services.log);
  if (!companion.close()) await writeAudit(services.db, services.log, entry('ok', target));
  else if (!sameTarget(target, written)) await correctAudit(services, id, work.procedure, targetColumns(target));
  return result;
}

function targetColumns(target: AuditTarget | null) {
  return { targetType: target?.entity ?? null, targetId: target?.id ?? null };
}

function sameTarget(a: AuditTarget | null, b: AuditTarget | null): boolean {
  return a?.entity === b?.entity && a?.id === b?.id;
}

/** Corrects a row already committed with the change; logged, not raised, as `writeAudit`. */
async function correctAudit(
  services: { db: Database; log: FastifyBaseLogger },
  id: string,
  procedure: string,
  data: { outcome?: AuditOutcome; targetType?: string | null; targetId?: string | null },
): Promise<void> {
  try {
    await services.db.auditEvent.update({ where: { id }, data });
  } catch (error) {
    services.log.error({ err: error, procedure, ...data }, 'audit row not corrected');
  }
}

/**
 * A target function that throws must not turn a done change into an error. Without a
 * log (the guess from a transaction's result), a throw is no news and says nothing.
 */
function targetOf<T>(
  work: AuditedWork<T>,
  result: T | undefined,
  log: FastifyBaseLogger | undefined,
): AuditTarget | null {
  try {
    return work.target?.(result) ?? null;
  } catch (error) {
    log?.warn({ err: error, procedure: work.procedure }, 'audit target not found');
    return null;
  }
}

/**
 * Deletes audit rows older than `retentionDays` (AUDIT_RETENTION_DAYS); answers how
 * many. The jobs' scheduler calls it; it is safe to run anywhere,
 * any number of times.
 */
export async function pruneAuditTrail(db: Database, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const { count } = await db.auditEvent.deleteMany({ where: { at: { lt: before } } });
  return count;
}
