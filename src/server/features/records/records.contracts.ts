import {
  createRecordInputSchema,
  listRecordsInputSchema,
  recordIdInputSchema,
  recordPageSchema,
  recordSchema,
} from '../../../shared/schemas/records.schema.ts';
import { defineOperation } from '../../trpc/operation.ts';

/**
 * [7] The placeholder domain's operations, declared by contract only. Each is listed
 * in docs/spec.md as not specified; the specification will rename, replace or remove
 * them. See docs/decisions/0007-spec-homes-and-placeholders.md.
 */
export const listRecords = defineOperation({
  name: 'records.list',
  summary: 'One page of records, newest first.',
  input: listRecordsInputSchema,
  output: recordPageSchema,
  errors: [],
  access: 'public',
});

export const getRecord = defineOperation({
  name: 'records.get',
  summary: 'One record by id.',
  input: recordIdInputSchema,
  output: recordSchema,
  errors: ['NOT_FOUND'],
  access: 'public',
});

export const createRecord = defineOperation({
  name: 'records.create',
  summary: 'Creates a record.',
  input: createRecordInputSchema,
  output: recordSchema,
  errors: ['CONFLICT'],
  access: 'public',
});
