/**
 * Job throughput, in the benchmark's own process through the app's public
 * modules: on each engine, `verify-email` e-mails through the outbox (the log
 * transport) and no-op jobs, each queued in a transaction of its own, then drained by
 * one job runner with JOBS_CONCURRENCY's default slots, timed from the runner's start
 * to the last success. SQLite is a file in the run's temporary folder; PostgreSQL a
 * database of its own on the given server, `bench_jobs_<pid>`, dropped after.
 */
import { join } from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { configSchema } from '../../src/server/config.ts';
import { databaseOptionsFrom, openDatabase, type Database } from '../../src/server/db/client.ts';
import { engineOf } from '../../src/server/db/engines.ts';
import { databaseUrlOn, withSession } from '../../src/server/db/migration-adapters.ts';
import { migrateDatabase } from '../../src/server/db/migrations.ts';
import { inTransaction } from '../../src/server/db/transaction.ts';
import { createOutboxEmail } from '../../src/server/email/outbox.ts';
import { defineEmailDelivery } from '../../src/server/email/outbox-dispatcher.ts';
import { messageIdDomainOf, senderOf } from '../../src/server/email/sender.ts';
import { emailTemplates, renderEmail } from '../../src/server/email/templates/index.ts';
import { createLogTransport } from '../../src/server/email/transports.ts';
import { defineJob, type JobDefinition } from '../../src/server/jobs/define-job.ts';
import { enqueue } from '../../src/server/jobs/enqueue.ts';
import { createJobRunner } from '../../src/server/jobs/job-runner.ts';
import { createDatabase, dropDatabases } from '../../src/server/test/postgresql-server.ts';
import type { EngineJobs, JobsSection, Throughput } from './job-report.ts';
import { serverAddress, type PostgresqlPlan } from './postgresql.ts';

/** E-mails, and no-op jobs, measured on each engine. */
export interface JobCounts {
  email: number;
  noop: number;
}

/** The database of the PostgreSQL measurement. */
export const jobsDatabaseName = (pid: number) => `bench_jobs_${pid}`;

/** The longest a drain may go without one more success before the run fails. */
const STALL_MS = 60_000;

const perSecond = (count: number, ms: number) => Math.round((count * 1000) / ms);

/** Times `work` once, in milliseconds. */
async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** This process's CPU time (user + system) since `since`, in milliseconds. */
const cpuMsSince = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

/**
 * Starts a runner of `jobs` on a full queue and resolves with the milliseconds, and this
 * process's CPU milliseconds, until `count` attempts succeeded; any other outcome, or a
 * stall, fails the run.
 */
async function drain(
  db: Database,
  jobs: JobDefinition[],
  count: number,
  concurrency: number,
): Promise<{ ms: number; cpuMs: number }> {
  let succeeded = 0;
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let stall: NodeJS.Timeout | undefined;
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(() => {
      settle?.reject(new Error(`Job throughput: no job finished for ${STALL_MS / 1000} s (${succeeded} of ${count}).`));
    }, STALL_MS);
  };
  const runner = createJobRunner({
    db,
    jobs,
    log: silentLog,
    concurrency,
    onOutcome: (name, outcome) => {
      if (outcome !== 'succeeded') {
        settle?.reject(new Error(`Job throughput: a ${name} job ended ${outcome}.`));
        return;
      }
      succeeded += 1;
      watch();
      if (succeeded === count) settle?.resolve();
    },
  });
  const cpu = process.cpuUsage();
  const started = performance.now();
  watch();
  runner.start();
  try {
    await done;
    return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu) };
  } finally {
    clearTimeout(stall);
    await runner.stop(5_000);
  }
}

/**
 * Logs as the app does (JSON lines at `info`: the log transport's line per e-mail, the
 * delivery's) to /dev/null: their cost is counted, their lines are not printed.
 */
const silentLog = pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: true }));

const noopInput = z.object({ index: z.number().int() });

/** The two kinds of work on one migrated database: e-mails first (as the reference measured them on a fresh one), then no-op jobs. */
async function measureEngine(databaseUrl: string, counts: JobCounts): Promise<EngineJobs> {
  const config = configSchema.parse({ DATABASE_URL: databaseUrl });
  const concurrency = config.JOBS_CONCURRENCY;
  const db = await openDatabase(databaseOptionsFrom(config));
  try {
    // The templates load and render once before the clock: the first e-mail's import is not throughput.
    const fixture = emailTemplates['verify-email'].fixture;
    await renderEmail({ name: 'verify-email', data: fixture });
    const email = createOutboxEmail({ db, messageIdDomain: messageIdDomainOf(config) });
    const emailEnqueueMs = await timed(async () => {
      for (let index = 0; index < counts.email; index += 1) {
        await inTransaction(db, async () => {
          await email.send({
            to: `person${index}@bench.example`,
            template: { name: 'verify-email', data: fixture },
            idempotencyKey: `bench-${index}`,
          });
        });
      }
    });
    const delivery = defineEmailDelivery({
      transport: createLogTransport(silentLog),
      from: senderOf(config),
      maxAttempts: config.EMAIL_MAX_ATTEMPTS,
      retryBaseMs: config.EMAIL_RETRY_BASE_MS,
      retryMaxMs: config.EMAIL_RETRY_MAX_MS,
      sendTimeoutMs: config.EMAIL_SEND_TIMEOUT_MS,
    });
    const emailDrain = await drain(db, [delivery], counts.email, concurrency);
    const sent = await db.emailOutbox.count({ where: { status: 'sent' } });
    if (sent !== counts.email) throw new Error(`Job throughput: ${sent} of ${counts.email} e-mails sent.`);

    // A clean slate for the no-op jobs: the e-mails' jobs, rows and audit rows go.
    await db.backgroundJob.deleteMany();
    await db.emailOutbox.deleteMany();
    await db.auditEvent.deleteMany();
    const noop = defineJob('bench.noop', noopInput, async () => undefined, { concurrency });
    const noopEnqueueMs = await timed(async () => {
      for (let index = 0; index < counts.noop; index += 1) {
        await inTransaction(db, async () => {
          await enqueue(db, noop, { index });
        });
      }
    });
    const noopDrain = await drain(db, [noop], counts.noop, concurrency);
    const succeeded = await db.backgroundJob.count({ where: { name: noop.name, status: 'succeeded' } });
    if (succeeded !== counts.noop) {
      throw new Error(`Job throughput: ${succeeded} of ${counts.noop} no-op jobs succeeded.`);
    }

    const throughput = (count: number, enqueueMs: number, drained: { ms: number; cpuMs: number }): Throughput => ({
      count,
      enqueuePerSecond: perSecond(count, enqueueMs),
      drainPerSecond: perSecond(count, drained.ms),
      drainPerCpuSecond: perSecond(count, drained.cpuMs),
    });
    return {
      engine: engineOf(databaseUrl),
      email: throughput(counts.email, emailEnqueueMs, emailDrain),
      noop: throughput(counts.noop, noopEnqueueMs, noopDrain),
    };
  } finally {
    await db.$disconnect();
  }
}

/** The job section of the report: SQLite in `dataDir`, then PostgreSQL when the plan has a server. */
export async function measureJobThroughput(
  counts: JobCounts,
  dataDir: string,
  plan: PostgresqlPlan,
): Promise<JobsSection> {
  const concurrency = configSchema.shape.JOBS_CONCURRENCY.parse(undefined);
  console.log(`Job throughput: ${counts.email} e-mails and ${counts.noop} no-op jobs on SQLite…`);
  const sqliteUrl = `file:${join(dataDir, 'jobs.db')}`;
  await migrateDatabase(sqliteUrl);
  const engines = [await measureEngine(sqliteUrl, counts)];
  if (!plan.run) {
    return {
      measured: true,
      counts,
      concurrency,
      node: process.version,
      engines,
      postgresql: { measured: false, reason: plan.reason },
    };
  }
  const name = jobsDatabaseName(process.pid);
  console.log(`Job throughput on PostgreSQL at ${serverAddress(plan.serverUrl)} (${plan.from}): database ${name}…`);
  const version = await withSession(plan.serverUrl, async (session) => {
    const result = await session.query<{ server_version: string }>('SHOW server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  });
  try {
    await createDatabase(plan.serverUrl, name);
    const url = databaseUrlOn(plan.serverUrl, name);
    await migrateDatabase(url);
    engines.push(await measureEngine(url, counts));
  } finally {
    await dropDatabases(plan.serverUrl, [name]);
  }
  return {
    measured: true,
    counts,
    concurrency,
    node: process.version,
    engines,
    postgresql: { measured: true, version, address: serverAddress(plan.serverUrl) },
  };
}
