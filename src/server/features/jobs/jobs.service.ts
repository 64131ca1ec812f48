import type { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { jobStatusSchema, type listJobsInputSchema } from '../../../shared/schemas/jobs.schema.ts';
import { notifyWorkers } from '../../jobs/enqueue.ts';
import type { InnerContext } from '../../trpc/context.ts';

type Ctx = Pick<InnerContext, 'db'>;

const summary = {
  id: true,
  name: true,
  status: true,
  attempts: true,
  maxAttempts: true,
  runAt: true,
  lastError: true,
  workerId: true,
  createdAt: true,
  finishedAt: true,
} as const;

/** Jobs, newest first, optionally of one status. */
export async function listJobs(ctx: Ctx, input: z.output<typeof listJobsInputSchema>) {
  const rows = await ctx.db.backgroundJob.findMany({
    where: input.status ? { status: input.status } : {},
    select: summary,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: input.limit + 1,
    ...(input.cursor ? { cursor: { id: input.cursor }, skip: 1 } : {}),
  });
  // Rows are written only by the job runner; anything else would be a bug worth a 500.
  const items = rows.slice(0, input.limit).map((row) => ({ ...row, status: jobStatusSchema.parse(row.status) }));
  return { items, nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null };
}

/**
 * Queues a failed job again with a fresh set of attempts, due now. Only a failed job:
 * one still queued or running would run twice, and a succeeded one is done (CONFLICT).
 */
export async function retryJob(ctx: Ctx, jobId: string) {
  const [job] = await ctx.db.backgroundJob.updateManyAndReturn({
    where: { id: jobId, status: 'failed' },
    data: { status: 'queued', attempts: 0, runAt: new Date(), finishedAt: null, leaseUntil: null },
    select: summary,
  });
  if (!job) {
    const exists = await ctx.db.backgroundJob.count({ where: { id: jobId } });
    if (!exists) throw new AppError('NOT_FOUND', { message: 'No such job.' });
    throw new AppError('CONFLICT', { message: 'Only a failed job can be retried.' });
  }
  await notifyWorkers(ctx.db);
  return { ...job, status: jobStatusSchema.parse(job.status) };
}
