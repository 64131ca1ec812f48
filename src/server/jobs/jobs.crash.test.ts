import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { appRoot } from '../paths.ts';
import { defineEffectJob, EFFECT_LEASE_MS } from '../test/fixtures/effect-job.ts';
import { scratchDir, testDatabaseUrl } from '../test/test-app.ts';
import { enqueue } from './enqueue.ts';
import { createJobRunner } from './job-runner.ts';

/** Resolves just after `moment`. */
const sleepPast = (moment: Date) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, moment.getTime() - Date.now()) + 20));

describe('a worker killed (SIGKILL) after a job’s effect and before the job is marked done', () => {
  it('leaves the job to run once more after its lease, and never again once it succeeded', async () => {
    const databaseUrl = await testDatabaseUrl();
    const effects = join(scratchDir(), 'effects.txt');
    const db = await openDatabase({ databaseUrl, busyTimeoutMs: 1000 });
    afterAll(() => db.$disconnect());
    const job = defineEffectJob(effects);
    await enqueue(db, job, { label: 'crash' });

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/fixtures/run-job-then-die.ts'], {
      cwd: appRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, JOB_EFFECT_FILE: effects, NODE_ENV: 'test' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, sig) => {
        resolve(sig);
      }),
    );
    expect(signal, stderr).toBe('SIGKILL');

    const runs = () => (existsSync(effects) ? readFileSync(effects, 'utf8').trim().split('\n') : []);
    expect(runs()).toEqual(['crash 1']);
    const interrupted = await db.backgroundJob.findFirstOrThrow();
    expect(interrupted).toMatchObject({ status: 'running', attempts: 1 });
    const leaseUntil = interrupted.leaseUntil ?? new Date(0);
    expect(leaseUntil.getTime()).toBeGreaterThan(Date.now());

    const survivor = createJobRunner({ db, jobs: [job], log: pino({ level: 'silent' }), concurrency: 1 });
    // While the lease holds, nobody takes the job.
    expect(await survivor.runDue()).toBe(0);
    await sleepPast(leaseUntil);
    expect(await survivor.runDue()).toBe(1);
    expect(runs()).toEqual(['crash 1', 'crash 2']);
    expect(await db.backgroundJob.findFirstOrThrow()).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      leaseUntil: null,
    });

    // A succeeded job never runs again, however often a worker looks, even past a lease.
    const succeeded = Date.now();
    expect(await survivor.runDue()).toBe(0);
    await sleepPast(new Date(succeeded + EFFECT_LEASE_MS));
    expect(await survivor.runDue()).toBe(0);
    expect(runs()).toHaveLength(2);
  }, 60_000);
});
