import { z } from 'zod';
import { pruneAuditTrail } from '../audit/audit-trail.ts';
import { pruneOutbox } from '../email/outbox.ts';
import { pruneIdempotencyKeys } from '../idempotency/idempotent-call.ts';
import { defineJob } from './define-job.ts';
import { defineSchedule } from './schedules.ts';

export interface Retention {
  /** Succeeded and failed jobs older than this (since they finished) are deleted. */
  jobsMs: number;
  /** Sent and failed e-mails older than this (since they were queued) are deleted. */
  emailsMs: number;
  /** Audit rows older than this many days are deleted (AUDIT_RETENTION_DAYS). */
  auditDays: number;
  /** Change events (live updates) older than this are deleted: a client away longer refetches everything. */
  changesMs: number;
}

/**
 * The built-in clean-up, run hourly by its schedule: finished jobs, e-mails and audit
 * rows past their retention, expired idempotency keys, change events older than a day, and sessions past their expiry (the auth library refuses them but
 * never deletes them). Queued and running jobs and pending e-mails are never touched.
 */
export function definePruning(retention: Retention) {
  const job = defineJob(
    'system.prune',
    z.object({}),
    async (_input, { db, log }) => {
      const now = Date.now();
      const jobs = await db.backgroundJob.deleteMany({
        where: { status: { in: ['succeeded', 'failed'] }, finishedAt: { lt: new Date(now - retention.jobsMs) } },
      });
      const emails = await pruneOutbox(db, retention.emailsMs);
      const sessions = await db.session.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
      const audit = await pruneAuditTrail(db, retention.auditDays, new Date(now));
      const idempotencyKeys = await pruneIdempotencyKeys(db, new Date(now));
      const changes = await db.changeEvent.deleteMany({ where: { at: { lt: new Date(now - retention.changesMs) } } });
      log.info(
        { jobs: jobs.count, emails, sessions: sessions.count, audit, idempotencyKeys, changes: changes.count },
        'pruned old jobs, e-mails, sessions, audit rows, idempotency keys and change events',
      );
    },
    { retries: 2, timeoutMs: 5 * 60_000 },
  );
  // Once after downtime: what piled up meanwhile is deleted at the next start.
  const schedule = defineSchedule('system.prune', '0 * * * *', 'UTC', job, { missed: 'run-once' });
  return { job, schedule };
}
