import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../db/client.ts';
import { testDatabaseUrl } from '../test/test-app.ts';
import { defineJob } from './define-job.ts';
import { enqueue } from './enqueue.ts';
import { listenForJobs } from './job-listener.ts';
import { createJobRunner } from './job-runner.ts';

const log = pino({ level: 'silent' });

/** One instance: its own pool on the shared database, its own runner of a job that records who ran what. */
async function instance(databaseUrl: string, name: string, ran: { by: string; label: string }[], pollMs?: number) {
  const db = await openDatabase({ databaseUrl, busyTimeoutMs: 5000, poolSize: 5 });
  afterAll(() => db.$disconnect());
  const job = defineJob(
    'test.race',
    z.object({ label: z.string() }),
    async ({ label }) => {
      ran.push({ by: name, label });
      // A little work, so the two instances overlap.
      await new Promise((resolve) => setTimeout(resolve, 2));
    },
    { concurrency: 4 },
  );
  const runner = createJobRunner({ db, jobs: [job], log, concurrency: 4, ...(pollMs ? { pollMs } : {}) });
  return { db, job, runner };
}

describe('two instances on one PostgreSQL database', () => {
  it('run each of 100 jobs exactly once between them', async () => {
    const databaseUrl = await testDatabaseUrl();
    const ran: { by: string; label: string }[] = [];
    const a = await instance(databaseUrl, 'a', ran);
    const b = await instance(databaseUrl, 'b', ran);
    for (let index = 0; index < 100; index += 1) await enqueue(a.db, a.job, { label: `job-${index}` });
    a.runner.start();
    b.runner.start();
    await expect
      .poll(() => a.db.backgroundJob.count({ where: { status: 'succeeded' } }), { timeout: 30_000, interval: 50 })
      .toBe(100);
    await Promise.all([a.runner.stop(1_000), b.runner.stop(1_000)]);

    const labels = ran.map(({ label }) => label);
    expect(labels).toHaveLength(100);
    expect(new Set(labels).size).toBe(100);
    expect(ran.some(({ by }) => by === 'a')).toBe(true);
    expect(ran.some(({ by }) => by === 'b')).toBe(true);
    expect(await a.db.backgroundJob.count({ where: { attempts: 1 } })).toBe(100);
  }, 60_000);

  it('wakes an idle instance at once when another commits a job (LISTEN/NOTIFY), not at its next poll', async () => {
    const databaseUrl = await testDatabaseUrl();
    const ran: { by: string; label: string }[] = [];
    const producer = await instance(databaseUrl, 'producer', ran);
    // A poll far longer than the test's patience: only the notification can wake it.
    const worker = await instance(databaseUrl, 'worker', ran, 600_000);
    worker.runner.start();
    const connected = new Promise<void>((resolve) => {
      const listener = listenForJobs(databaseUrl, log, () => {
        worker.runner.wake();
        resolve();
      });
      afterAll(() => listener.close());
    });
    // The listener wakes the runner once connected (work committed meanwhile); the runner is idle after.
    await connected;
    await new Promise((resolve) => setTimeout(resolve, 200));

    await enqueue(producer.db, producer.job, { label: 'notified' });
    await expect.poll(() => ran, { timeout: 20_000, interval: 50 }).toEqual([{ by: 'worker', label: 'notified' }]);
    await worker.runner.stop(1_000);
  }, 60_000);
});
