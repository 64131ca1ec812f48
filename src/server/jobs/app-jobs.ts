import type { JobDefinition } from './define-job.ts';
import type { ScheduleDefinition } from './schedules.ts';

/**
 * The product's own jobs and schedules, beside the foundation's (the e-mail delivery,
 * the hourly pruning). Define a job with `defineJob` in its feature's folder, list it
 * here, and enqueue it with `enqueue(ctx.db, job, input)` in the procedure's
 * transaction; a schedule with `defineSchedule(name, cron, timezone, job)`.
 */
export const productJobs: JobDefinition[] = [];
export const productSchedules: ScheduleDefinition[] = [];
