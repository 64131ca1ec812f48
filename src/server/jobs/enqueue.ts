import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { wakeOnCommit } from '../db/commit-wake.ts';
import { currentClient } from '../db/transaction.ts';
import type { JobReference } from './define-job.ts';

export interface EnqueueOptions {
  /** Run no sooner than this many milliseconds from now. */
  delayMs?: number;
  /** Run no sooner than this moment. */
  runAt?: Date;
  /**
   * What makes two enqueues the same job: a key already queued (in any state, until the
   * job is pruned) makes this enqueue a no-op that answers the first job's id.
   */
  dedupeKey?: string;
}

/** The channel PostgreSQL's NOTIFY wakes idle workers on (db/notification-listener.ts). */
export const JOBS_CHANNEL = 'app_jobs';

/**
 * Queues a job in the caller's open transaction (src/server/db/transaction.ts), or on
 * its own outside one: a rollback queues nothing. Once committed, this process's
 * workers are woken at once; on PostgreSQL a NOTIFY, sent by the server only at commit,
 * wakes the other instances' idle workers too. Answers the job's id.
 */
export async function enqueue<Input>(
  db: Database,
  job: JobReference<Input> & { maxAttempts?: number },
  input: Input,
  options: EnqueueOptions = {},
): Promise<string> {
  // Checked now, so a caller's mistake fails its own request rather than a worker later.
  const parsed = job.input.parse(input);
  const client = currentClient(db);
  const runAt = options.runAt ?? new Date(Date.now() + (options.delayMs ?? 0));
  const data = {
    name: job.name,
    input: JSON.stringify(parsed),
    maxAttempts: job.maxAttempts ?? 1,
    runAt,
  };
  let id: string;
  if (options.dedupeKey === undefined) {
    id = (await client.backgroundJob.create({ data: { id: randomUUID(), ...data }, select: { id: true } })).id;
  } else {
    const dedupeKey = `${job.name}:${options.dedupeKey}`;
    id = (
      await client.backgroundJob.upsert({
        where: { dedupeKey },
        // Queued already: the first job stands.
        update: {},
        create: { id: randomUUID(), dedupeKey, ...data },
        select: { id: true },
      })
    ).id;
  }
  await notifyWorkers(db);
  return id;
}

/** Wakes idle workers, here and on other instances, once the open transaction commits (db/commit-wake.ts). */
export async function notifyWorkers(db: Database): Promise<void> {
  await wakeOnCommit(db, JOBS_CHANNEL);
}
