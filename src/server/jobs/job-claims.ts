import { engineOfDatabase, type Database } from '../db/client.ts';

/** A job a worker has claimed: it owns it until `leaseUntil`. */
export interface ClaimedJob {
  id: string;
  name: string;
  input: string;
  /** This attempt's number: the claim counted it. */
  attempts: number;
}

export interface ClaimRequest {
  /** Names of the jobs the worker may take now (those with a free slot). */
  names: readonly string[];
  workerId: string;
  /** Each name's lease, and its attempts in all (written on the claim, for the admin screen). */
  limitsOf: (name: string) => { leaseMs: number; maxAttempts: number };
  now: Date;
}

/**
 * Claims the next due job (`none` when nothing is due, `lost` when another worker took
 * the one found first): a queued one whose time has come, or a running one whose
 * lease has ended (its worker was lost). Engine-specific, as decision 0037 records.
 * - SQLite: a compare-and-set on (id, status, attempts). SQLite serialises writers, so
 *   of two claimants one matches and the other matches nothing.
 * - PostgreSQL: one `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)`: racing
 *   workers each lock a different row instead of queueing behind the same one.
 */
export async function claimNextJob(db: Database, request: ClaimRequest): Promise<ClaimedJob | 'none' | 'lost'> {
  if (request.names.length === 0) return 'none';
  return engineOfDatabase(db) === 'postgresql' ? claimOnPostgresql(db, request) : claimBySwap(db, request);
}

const due = (names: readonly string[], now: Date) => ({
  name: { in: [...names] },
  OR: [
    { status: 'queued', runAt: { lte: now } },
    { status: 'running', leaseUntil: { lt: now } },
  ],
});

async function claimBySwap(db: Database, { names, workerId, limitsOf, now }: ClaimRequest) {
  const candidate = await db.backgroundJob.findFirst({
    where: due(names, now),
    orderBy: { runAt: 'asc' },
    select: { id: true, status: true, attempts: true, name: true },
  });
  if (!candidate) return 'none';
  const [claimed] = await db.backgroundJob.updateManyAndReturn({
    where: { id: candidate.id, status: candidate.status, attempts: candidate.attempts },
    data: {
      status: 'running',
      attempts: candidate.attempts + 1,
      leaseUntil: new Date(now.getTime() + limitsOf(candidate.name).leaseMs),
      maxAttempts: limitsOf(candidate.name).maxAttempts,
      workerId,
      startedAt: now,
    },
    select: { id: true, name: true, input: true, attempts: true },
  });
  // Another worker claimed it first: the caller looks again.
  return claimed ?? 'lost';
}

async function claimOnPostgresql(db: Database, { names, workerId, limitsOf, now }: ClaimRequest) {
  const limits = Object.fromEntries(names.map((name) => [name, limitsOf(name)]));
  // Times are passed as UTC text: the columns are timestamp without time zone holding UTC (0016).
  const at = utc(now);
  const limitsJson = JSON.stringify(limits);
  const rows = await db.$queryRaw<ClaimedJob[]>`
    UPDATE "BackgroundJob" SET "status" = 'running', "attempts" = "attempts" + 1,
      "leaseUntil" = ${at}::timestamp + ((${limitsJson}::jsonb -> "name" ->> 'leaseMs')::int * interval '1 millisecond'),
      "maxAttempts" = (${limitsJson}::jsonb -> "name" ->> 'maxAttempts')::int,
      "workerId" = ${workerId}, "startedAt" = ${at}::timestamp
    WHERE "id" = (
      SELECT "id" FROM "BackgroundJob"
      WHERE "name" IN (SELECT jsonb_object_keys(${limitsJson}::jsonb))
        AND (("status" = 'queued' AND "runAt" <= ${at}::timestamp)
          OR ("status" = 'running' AND "leaseUntil" < ${at}::timestamp))
      ORDER BY "runAt" LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING "id", "name", "input", "attempts"`;
  return rows[0] ?? 'none';
}

const utc = (moment: Date) => moment.toISOString().replace('T', ' ').replace('Z', '');
