import type { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { jobStatusSchema, type listJobsInputSchema } from '../../../shared/schemas/jobs.schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notifyWorkers } from '../../jobs/enqueue.ts';
import type { InnerContext } from '../../trpc/context.ts';

type Ctx = Pick<InnerContext, 'db'>;
type RetryCtx = Pick<InnerContext, 'db' | 'jobs'>;

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
 * The job's `onRetry` runs in the same transaction, undoing what its failure settled
 * (an e-mail's outbox row goes back to pending, so the retry delivers it).
 */
export async function retryJob(ctx: RetryCtx, jobId: string) {
  const job = await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.backgroundJob.updateManyAndReturn({
      where: { id: jobId, status: 'failed' },
      data: { status: 'queued', attempts: 0, runAt: new Date(), finishedAt: null, leaseUntil: null },
      select: { ...summary, input: true },
    });
    if (!row) {
      const exists = await tx.backgroundJob.count({ where: { id: jobId } });
      if (!exists) throw new AppError('NOT_FOUND', { message: 'No such job.' });
      throw new AppError('CONFLICT', { message: 'Only a failed job can be retried.' });
    }
    const { input, ...rest } = row;
    await ctx.jobs.find(row.name)?.onRetry?.(JSON.parse(input) as unknown, tx);
    await notifyWorkers(ctx.db);
    return rest;
  });
  return { ...job, status: jobStatusSchema.parse(job.status) };
}
