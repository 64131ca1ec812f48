import {
  jobIdInputSchema,
  jobPageSchema,
  jobSummarySchema,
  listJobsInputSchema,
} from '../../../shared/schemas/jobs.schema.ts';
import { defineMutation, defineQuery, router } from '../../trpc/procedure.ts';
import * as service from './jobs.service.ts';

/** Durable jobs for operators: what is queued, running, done or failed, and retrying a failed one. */
export const jobsRouter = router({
  list: defineQuery({
    summary: 'One page of jobs, newest first, optionally of one status.',
    access: { permission: 'read:jobs:any' },
    input: listJobsInputSchema,
    output: jobPageSchema,
    errors: [],
    handler: ({ ctx, input }) => service.listJobs(ctx, input),
  }),
  retry: defineMutation({
    summary: 'Queues a failed job again, with a fresh set of attempts.',
    access: { permission: 'retry:jobs:any' },
    input: jobIdInputSchema,
    output: jobSummarySchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
    handler: ({ ctx, input }) => service.retryJob(ctx, input.jobId),
  }),
});
