import { z } from 'zod';
import { limits } from '../constants.ts';
import { idSchema, pageInputSchema, pageOf } from './common.schema.ts';

/** [5] The jobs screen's rules: durable jobs by state, and retrying a failed one. */

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const listJobsInputSchema = pageInputSchema.extend({
  status: jobStatusSchema.optional(),
});

export const jobSummarySchema = z.object({
  id: idSchema,
  name: z.string().max(limits.text.short),
  status: jobStatusSchema,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.date(),
  lastError: z.string().max(limits.email.errorLength).nullable(),
  workerId: z.string().max(limits.text.short).nullable(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
});
export const jobPageSchema = pageOf(jobSummarySchema);

export const jobIdInputSchema = z.object({ jobId: idSchema });
