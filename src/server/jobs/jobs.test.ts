import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { testDatabaseUrl, testEngine } from '../test/test-app.ts';
import { defineJob } from './define-job.ts';
import { enqueue } from './enqueue.ts';
import { createJobRunner } from './job-runner.ts';
import { createScheduler, defineSchedule, ON_TIME_MS } from './schedules.ts';

const log = pino({ level: process.env.JOBS_TEST_LOG ?? 'silent' });

async function freshDatabase(): Promise<Database> {
  const db = await openDatabase({ databaseUrl: await testDatabaseUrl(), busyTimeoutMs: 5000 });
  afterAll(() => db.$disconnect());
  return db;
}

/** A job that records each input it ran with; it throws while `failures` says so. */
function recordingJob(name = 'test.record', failures: { left: number } = { left: 0 }, retries = 2) {
  const ran: string[] = [];
  const job = defineJob(
    name,
    z.object({ label: z.string() }),
    async ({ label }) => {
      ran.push(label);
      if (failures.left > 0) {
        failures.left -= 1;
        throw new Error(`refused ${label}`);
      }
    },
    { retries, backoff: { baseMs: 1, maxMs: 1 } },
  );
  return { job, ran };
}

/** The outcomes the audit trail records for a job's attempts, oldest first. */
async function auditedOutcomes(db: Database, name: string): Promise<string[]> {
  const rows = await db.auditEvent.findMany({ where: { procedure: `job:${name}` }, orderBy: { at: 'asc' } });
  return rows.map(({ outcome }) => outcome);
}

describe('enqueue', () => {
  it('queues nothing when the transaction around it rolls back, so nothing runs', async () => {
    const db = await freshDatabase();
    const { job, ran } = recordingJob();
    await expect(
      inTransaction(db, async () => {
        await enqueue(db, job, { label: 'rolled back' });
        throw new Error('the change failed after the job was queued');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.backgroundJob.count()).toBe(0);
    expect(await createJobRunner({ db, jobs: [job], log, concurrency: 1 }).runDue()).toBe(0);
    expect(ran).toEqual([]);
  });

  it('queues a job with the change that committed, and a worker runs it once', async () => {
    const db = await freshDatabase();
    const { job, ran } = recordingJob();
    await inTransaction(db, async () => {
      await enqueue(db, job, { label: 'committed' });
    });
    const runner = createJobRunner({ db, jobs: [job], log, concurrency: 1 });
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(ran).toEqual(['committed']);
    expect(await db.backgroundJob.findFirstOrThrow()).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      lastError: null,
    });
  });

  it('queues one job per de-duplication key, and refuses an input its schema refuses', async () => {
    const db = await freshDatabase();
    const { job } = recordingJob();
    const first = await enqueue(db, job, { label: 'a' }, { dedupeKey: 'same' });
    const second = await enqueue(db, job, { label: 'b' }, { dedupeKey: 'same' });
    expect(second).toBe(first);
    expect(await db.backgroundJob.count()).toBe(1);
    await expect(enqueue(db, job, { label: 1 } as never)).rejects.toThrow();
  });

  it('runs a delayed job only once its time has come', async () => {
    const db = await freshDatabase();
    const { job, ran } = recordingJob();
    await enqueue(db, job, { label: 'later' }, { delayMs: 60_000 });
    const runner = createJobRunner({ db, jobs: [job], log, concurrency: 1 });
    expect(await runner.runDue()).toBe(0);
    await db.backgroundJob.updateMany({ data: { runAt: new Date(Date.now() - 1) } });
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual(['later']);
  });
});

describe('retries', () => {
  it('retries a failing job, then marks it failed with its last error after its last attempt', async () => {
    const db = await freshDatabase();
    const { job, ran } = recordingJob('test.record', { left: 10 }, 2);
    await enqueue(db, job, { label: 'x' });
    const runner = createJobRunner({ db, jobs: [job], log, concurrency: 1 });
    // Backoff is 1 ms here: each retry is due by the time the next claim looks.
    for (let round = 0; round < 5 && (await db.backgroundJob.count({ where: { status: 'queued' } })) > 0; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await runner.runDue();
    }
    expect(ran).toEqual(['x', 'x', 'x']);
    expect(await db.backgroundJob.findFirstOrThrow()).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'refused x',
    });
    expect(await runner.runDue()).toBe(0);
    // An uncatalogued failure is audited by what became of the job, not as INTERNAL.
    expect(await auditedOutcomes(db, 'test.record')).toEqual(['will-retry', 'will-retry', 'failed']);
  });

  it('audits a catalogued error by its code, whether the job runs again or not', async () => {
    const db = await freshDatabase();
    const job = defineJob(
      'test.catalogued',
      z.object({}),
      async () => {
        throw new AppError('CONFLICT', { message: 'Someone else has it.' });
      },
      { retries: 1, backoff: { baseMs: 1, maxMs: 1 } },
    );
    await enqueue(db, job, {});
    const runner = createJobRunner({ db, jobs: [job], log, concurrency: 1 });
    await runner.runDue();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await runner.runDue();
    expect(await db.backgroundJob.findFirstOrThrow()).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await auditedOutcomes(db, 'test.catalogued')).toEqual(['CONFLICT', 'CONFLICT']);
  });

  it('fails at once on an error the job declares permanent', async () => {
    const db = await freshDatabase();
    const job = defineJob(
      'test.permanent',
      z.object({}),
      async () => {
        throw new Error('never possible');
      },
      { retries: 5, isPermanent: () => true },
    );
    await enqueue(db, job, {});
    await createJobRunner({ db, jobs: [job], log, concurrency: 1 }).runDue();
    expect(await db.backgroundJob.findFirstOrThrow()).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await auditedOutcomes(db, 'test.permanent')).toEqual(['failed']);
  });

  it('ends an attempt past its time through its signal, and retries it', async () => {
    const db = await freshDatabase();
    let calls = 0;
    const job = defineJob(
      'test.slow',
      z.object({}),
      async (_input, { signal }) => {
        calls += 1;
        if (calls > 1) return;
        await new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reject(signal.reason as Error);
          });
        });
      },
      { timeoutMs: 50, retries: 1, backoff: { baseMs: 60_000, maxMs: 60_000 } },
    );
    await enqueue(db, job, {});
    const runner = createJobRunner({ db, jobs: [job], log, concurrency: 1 });
    await runner.runDue();
    expect(await db.backgroundJob.findFirstOrThrow()).toMatchObject({
      status: 'queued',
      lastError: 'No answer within 50 ms',
    });
    await db.backgroundJob.updateMany({ data: { runAt: new Date(Date.now() - 1) } });
    await runner.runDue();
    expect(await db.backgroundJob.findFirstOrThrow()).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await auditedOutcomes(db, 'test.slow')).toEqual(['will-retry', 'ok']);
  });
});

describe('the runner in the background', () => {
  it('runs what is enqueued without being asked, and releases a job still running when stopped too late', async () => {
    const db = await freshDatabase();
    const { job, ran } = recordingJob();
    let begin: () => void = () => undefined;
    const began = new Promise<void>((resolve) => {
      begin = resolve;
    });
    const stuck = defineJob('test.stuck', z.object({}), async (_input, { signal }) => {
      begin();
      await new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          reject(signal.reason as Error);
        });
      });
    });
    // A poll far longer than the test: only the wake-up after commit can start these.
    const runner = createJobRunner({ db, jobs: [job, stuck], log, concurrency: 2, pollMs: 600_000 });
    runner.start();
    await enqueue(db, job, { label: 'woken' });
    await enqueue(db, stuck, {});
    await began;
    await expect.poll(() => ran, { timeout: 10_000 }).toEqual(['woken']);
    await runner.stop(20);
    expect(await db.backgroundJob.findFirstOrThrow({ where: { name: 'test.stuck' } })).toMatchObject({
      status: 'queued',
      attempts: 0,
      leaseUntil: null,
      lastError: 'The server stopped during the job',
    });
    // Stopped, not failed: it runs again at the next start.
    expect(await auditedOutcomes(db, 'test.stuck')).toEqual(['released']);
    expect(await auditedOutcomes(db, 'test.record')).toEqual(['ok']);
  });
});

/**
 * Holds the answer to the runner's read of when the next job is due (its last step before
 * it sleeps) until `release`: what happens meanwhile is what a slow database lets happen.
 */
function holdNextDueRead(db: Database) {
  const jobs = db.backgroundJob as unknown as { findFirst: (args: unknown) => Promise<unknown> };
  const read = jobs.findFirst.bind(jobs);
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const reading = new Promise<void>((resolve) => (entered = resolve));
  // The answer is read first, then held: it tells of no job that commits meanwhile.
  jobs.findFirst = async (args) => {
    const answer = await read(args);
    entered();
    await gate;
    return answer;
  };
  return { reading, release, restore: () => (jobs.findFirst = read) };
}

/**
 * Holds the answer to the next claim (SQLite's claiming update, PostgreSQL's claiming
 * query) until `release`: the job is claimed in the database, and its worker not yet told.
 */
function holdNextClaim(db: Database) {
  const target = (testEngine() === 'postgresql' ? db : db.backgroundJob) as unknown as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  const method = testEngine() === 'postgresql' ? '$queryRaw' : 'updateManyAndReturn';
  const original = target[method];
  if (!original) throw new Error(`No ${method} to hold`);
  const call = original.bind(target);
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (entered = resolve));
  target[method] = async (...args: unknown[]) => {
    target[method] = original;
    const answer = await call(...args);
    entered();
    await gate;
    return answer;
  };
  return { held, release };
}

describe('the runner between claims', () => {
  it('runs a job committed while it was reading when the next one is due, not at its next poll', async () => {
    const db = await freshDatabase();
    const { job, ran } = recordingJob('test.between');
    const held = holdNextDueRead(db);
    const runner = createJobRunner({ db, jobs: [job], log, concurrency: 1, pollMs: 600_000 });
    runner.start();
    await held.reading;
    // The commit's wake-up comes before the runner sleeps: it must not be lost.
    await enqueue(db, job, { label: 'committed meanwhile' });
    held.restore();
    held.release();
    await expect.poll(() => ran, { timeout: 10_000 }).toEqual(['committed meanwhile']);
    await runner.stop(1_000);
  });

  it('runDue waits for a job the background loop has just claimed, so what was due is done when it returns', async () => {
    const db = await freshDatabase();
    const { job, ran } = recordingJob('test.claimed');
    const runner = createJobRunner({ db, jobs: [job], log, concurrency: 1, pollMs: 600_000 });
    runner.start();
    // Let the loop fall asleep first, so the enqueue below wakes it to claim.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const claim = holdNextClaim(db);
    await enqueue(db, job, { label: 'claimed by the loop' });
    await claim.held;
    const due = runner.runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    claim.release();
    await due;
    expect(ran).toEqual(['claimed by the loop']);
    await runner.stop(1_000);
  });

  it('stops at once when asked while reading when the next job is due', async () => {
    const db = await freshDatabase();
    const { job } = recordingJob('test.stopping');
    const held = holdNextDueRead(db);
    const runner = createJobRunner({ db, jobs: [job], log, concurrency: 1, pollMs: 600_000 });
    runner.start();
    await held.reading;
    const stopped = runner.stop(1_000);
    held.restore();
    held.release();
    // Not after the 10-minute poll: within the test's time.
    await stopped;
  });
});

/** The job a schedule enqueues: it takes no input. */
const tickJob = defineJob('test.tick', z.object({}), async () => undefined);

describe('schedules', () => {
  const slots = ['2026-11-26T10:00:00.000Z', '2026-11-26T11:00:00.000Z', '2026-11-26T12:00:00.000Z'].map(
    (iso) => new Date(iso),
  );

  it('ticks once per slot across three instances checking at the same moments', async () => {
    const url = await testDatabaseUrl();
    // On PostgreSQL each instance has its own connections. SQLite's instances would be
    // processes on one file; in one process they share its connection (a second one
    // would block this process's event loop while it waits for the file's lock).
    const shared =
      testEngine() === 'sqlite' ? await openDatabase({ databaseUrl: url, busyTimeoutMs: 5000 }) : undefined;
    if (shared) afterAll(() => shared.$disconnect());
    const instances = await Promise.all(
      [1, 2, 3].map(async () => {
        const db = shared ?? (await openDatabase({ databaseUrl: url, busyTimeoutMs: 5000 }));
        if (!shared) afterAll(() => db.$disconnect());
        const schedule = defineSchedule('test.hourly', '0 * * * *', 'UTC', tickJob);
        return createScheduler({ db, schedules: [schedule], log });
      }),
    );
    const taken = [];
    for (const slot of slots) {
      const moment = new Date(slot.getTime() + 1_000);
      const results = await Promise.all(instances.map((scheduler) => scheduler.check(moment)));
      taken.push(results.map((result) => result.length));
      // Checked again within the slot: nothing more.
      const again = await Promise.all(
        instances.map((scheduler) => scheduler.check(new Date(moment.getTime() + 5_000))),
      );
      expect(again.flat()).toEqual([]);
    }
    // Each slot was taken by exactly one of the three.
    expect(taken.map((counts) => counts.reduce((sum, count) => sum + count, 0))).toEqual([1, 1, 1]);
    const db = await openDatabase({ databaseUrl: url, busyTimeoutMs: 5000 });
    afterAll(() => db.$disconnect());
    const jobs = await db.backgroundJob.findMany({ select: { dedupeKey: true }, orderBy: { runAt: 'asc' } });
    expect(jobs.map(({ dedupeKey }) => dedupeKey)).toEqual(
      slots.map((slot) => `test.tick:test.hourly@${slot.toISOString()}`),
    );
  });

  it('follows the missed-tick policy after downtime: skip runs nothing, run-once runs one job', async () => {
    const db = await freshDatabase();
    const skip = defineSchedule('test.skip', '0 * * * *', 'UTC', tickJob, { missed: 'skip' });
    const once = defineSchedule('test.once', '0 * * * *', 'Europe/Paris', tickJob, { missed: 'run-once' });
    const scheduler = createScheduler({ db, schedules: [skip, once], log });
    const [first] = slots;
    await scheduler.check(new Date((first ?? new Date()).getTime() + 1_000));
    expect(await db.backgroundJob.count()).toBe(2);

    // Down for three hours and a half: the 11:00, 12:00 and 13:00 ticks were missed.
    const back = new Date('2026-11-26T13:30:00.000Z');
    expect(back.getTime() - new Date('2026-11-26T13:00:00.000Z').getTime()).toBeGreaterThan(ON_TIME_MS);
    const taken = await scheduler.check(back);
    expect(taken.map(({ schedule, outcome }) => [schedule, outcome])).toEqual([
      ['test.skip', 'skipped'],
      ['test.once', 'ran'],
    ]);
    expect(await db.backgroundJob.count({ where: { dedupeKey: { contains: 'test.skip' } } })).toBe(1);
    expect(await db.backgroundJob.count({ where: { dedupeKey: { contains: 'test.once' } } })).toBe(2);
    // The next slot on time runs under either policy.
    await scheduler.check(new Date('2026-11-26T14:00:01.000Z'));
    expect(await db.backgroundJob.count()).toBe(5);
  });
});
