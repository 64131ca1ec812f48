import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { productJobs, productSchedules } from '../jobs/app-jobs.ts';
import type { JobCatalog, JobDefinition } from '../jobs/define-job.ts';
import { JOBS_CHANNEL } from '../jobs/enqueue.ts';
import { createJobRunner, type JobRunner } from '../jobs/job-runner.ts';
import { definePruning } from '../jobs/prune-job.ts';
import { createScheduler, type ScheduleDefinition, type Scheduler } from '../jobs/schedules.ts';

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;

export interface AppJobs extends JobCatalog {
  /** Adds a job this process runs (before the app is ready). */
  define(job: JobDefinition): void;
  /** Adds a schedule (before the app is ready). */
  schedule(schedule: ScheduleDefinition): void;
  /** Runs due jobs (of `names`, else all) one at a time until none is due, waiting for those the workers hold: tests, and the outbox’s `deliverDue`. */
  runDue(names?: readonly string[]): Promise<number>;
  /** Takes every schedule's latest slot if no instance has: tests. */
  checkSchedules(now?: Date): ReturnType<Scheduler['check']>;
  /**
   * Stops the schedules and the workers: running jobs finish within the shutdown window
   * (half of SHUTDOWN_TIMEOUT_MS, at most 5 s) or are ended and released. Idempotent.
   */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: AppJobs;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Durable jobs and schedules (docs/decisions/0037-durable-jobs-and-schedules.md). With
 * JOBS_WORKER (the default) this process runs the workers and the schedules from ready
 * until close; without it, it only enqueues, and another instance runs them. Registered
 * after the database and before what defines jobs (e-mail), which stop it first.
 */
export const jobsPlugin = fp<{ config: Config; metrics: AppMetrics }>(
  async (app, { config, metrics }) => {
    const pruning = definePruning({
      jobsMs: config.JOBS_RETENTION_DAYS * DAY_MS,
      emailsMs: config.EMAIL_RETENTION_DAYS * DAY_MS,
      auditDays: config.AUDIT_RETENTION_DAYS,
      // A live-update client away longer than a day refetches everything (docs/decisions/0040).
      changesMs: DAY_MS,
    });
    const jobs: JobDefinition[] = [pruning.job, ...productJobs];
    const schedules: ScheduleDefinition[] = [pruning.schedule, ...productSchedules];
    let runner: JobRunner | undefined;
    let scheduler: Scheduler | undefined;
    let unlisten: (() => void) | undefined;
    let stopped: Promise<void> | undefined;

    const build = () => {
      runner ??= createJobRunner({
        db: app.db,
        jobs,
        log: app.log.child({ source: 'jobs' }),
        concurrency: config.JOBS_CONCURRENCY,
        onOutcome: (job, outcome, runSeconds, waitSeconds) => {
          metrics.jobAttempts.inc({ job, outcome });
          metrics.jobDuration.observe({ job, outcome }, runSeconds);
          metrics.jobWait.observe({ job }, waitSeconds);
        },
      });
      scheduler ??= createScheduler({
        db: app.db,
        schedules,
        log: app.log.child({ source: 'schedules' }),
        onTick: (schedule, outcome) => {
          metrics.scheduleTicks.inc({ schedule, outcome });
        },
      });
      return { runner, scheduler };
    };

    app.decorate('jobs', {
      define(job) {
        if (runner) throw new Error(`Job ${job.name} was defined after the workers started`);
        if (jobs.some(({ name }) => name === job.name)) throw new Error(`Job ${job.name} is defined twice`);
        jobs.push(job);
      },
      schedule(schedule) {
        if (scheduler) throw new Error(`Schedule ${schedule.name} was defined after the schedules started`);
        schedules.push(schedule);
      },
      find: (name) => jobs.find((job) => job.name === name),
      runDue: (names) => build().runner.runDue(names),
      checkSchedules: (now) => build().scheduler.check(now),
      stop() {
        stopped ??= (async () => {
          unlisten?.();
          await scheduler?.stop();
          await runner?.stop(Math.min(5_000, config.SHUTDOWN_TIMEOUT_MS / 2));
        })();
        return stopped;
      },
    } satisfies AppJobs);

    metrics.onScrape('jobs', 'Jobs in the table by name and status', ['job', 'status'], async (gauge) => {
      const counts = await app.db.backgroundJob.groupBy({ by: ['name', 'status'], _count: { _all: true } });
      gauge.reset();
      for (const { name } of jobs) {
        for (const status of jobStatuses) {
          const found = counts.find((count) => count.name === name && count.status === status);
          gauge.set({ job: name, status }, found?._count._all ?? 0);
        }
      }
    });

    app.addHook('onReady', async () => {
      if (!config.JOBS_WORKER) return;
      const started = build();
      started.runner.start();
      started.scheduler.start();
      // PostgreSQL: a job committed by another instance wakes these workers at once.
      unlisten = app.notifications.listen(JOBS_CHANNEL, () => {
        started.runner.wake();
      });
    });
    app.addHook('onClose', async () => {
      await app.jobs.stop();
    });
  },
  { name: 'jobs', dependencies: ['db', 'notifications'] },
);
