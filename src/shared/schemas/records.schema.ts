import { z } from 'zod';
import { idSchema, pageInputSchema, pageOf, shortTextSchema } from './common.schema.ts';

/**
 * [5] The contracts of the placeholder domain: "record" stands for the entity the
 * specification will name (docs/decisions/0007-spec-homes-and-placeholders.md). Its
 * one field, `name`, exists to carry the pattern through a form; rename both when
 * point 3 arrives. No table stores records yet.
 */
export const recordSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  createdAt: z.date(),
});
export type RecordItem = z.infer<typeof recordSchema>;

export const createRecordInputSchema = z.object({ name: shortTextSchema });
export type CreateRecordInput = z.infer<typeof createRecordInputSchema>;

export const recordIdInputSchema = z.object({ id: idSchema });

export const listRecordsInputSchema = pageInputSchema;
export const recordPageSchema = pageOf(recordSchema);
