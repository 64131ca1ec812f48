import {
  createRecordInputSchema,
  listRecordsInputSchema,
  recordIdInputSchema,
  recordPageSchema,
  recordSchema,
} from '../../../shared/schemas/records.schema.ts';
import { defineMutation, defineQuery, router } from '../../trpc/procedure.ts';

/**
 * [7] The placeholder domain: declarations without handlers, until the specification
 * supplies the operations. Each validates its input and answers NOT_IMPLEMENTED; each
 * is listed in docs/spec.md as not specified, and the specification will rename,
 * replace or remove them (docs/decisions/0007-spec-homes-and-placeholders.md). Filling
 * one in is adding its `handler`, with the rules in records.service.ts (docs/spec.md,
 * recipe 7).
 */
export const recordsRouter = router({
  list: defineQuery({
    summary: 'One page of records, newest first.',
    access: 'public',
    input: listRecordsInputSchema,
    output: recordPageSchema,
    errors: [],
  }),
  get: defineQuery({
    summary: 'One record by id.',
    access: 'public',
    input: recordIdInputSchema,
    output: recordSchema,
    errors: ['NOT_FOUND'],
  }),
  create: defineMutation({
    summary: 'Creates a record.',
    access: 'public',
    input: createRecordInputSchema,
    output: recordSchema,
    errors: ['CONFLICT'],
  }),
});
