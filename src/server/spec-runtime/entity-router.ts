import { z } from 'zod';
import { idSchema, pageOf } from '../../shared/schemas/common.schema.ts';
import type { EntityOperations } from '../../shared/spec/calls.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { recordSchema, inputSchema, updateSchema } from '../../shared/spec/entity-schemas.ts';
import { listInputSchema, listOptionsOf } from '../../shared/spec/list-input.ts';
import { defineMutation, defineQuery, router } from '../trpc/procedure.ts';
import { archiveRecord, createRecord, getRecord, listRecords, updateRecord, type RecordContext } from './records.ts';
import type { ErasedListInput } from './list-query.ts';
import type { Row } from './model-delegate.ts';
import { leastPermission } from './scope.ts';

const idInput = z.object({ id: idSchema });
const versionedInput = z.object({ id: idSchema, version: z.number().int().min(1) });

/** Every standard procedure of one entity, declared in the one procedure style (procedure.ts). */
function standardProcedures<const M extends EntityMeta, const O extends EntityOperations>(meta: M, operations: O) {
  const record = recordSchema(meta);
  const options = listOptionsOf(operations);
  const few = meta.plural.toLowerCase();
  const one = meta.label.toLowerCase();
  // The handlers' context carries the viewer their access rule found (ContextFor).
  const scoped = (ctx: { db: RecordContext['db']; viewer: RecordContext['viewer'] }): RecordContext => ctx;
  return {
    list: defineQuery({
      summary: `One page of ${few} the caller may see, filtered, searched and sorted.`,
      access: { permission: leastPermission(meta, 'read') },
      input: listInputSchema(meta, operations),
      output: pageOf(record),
      errors: [],
      handler: ({ ctx, input }) => listRecords(scoped(ctx), meta, options, input as ErasedListInput),
    }),
    get: defineQuery({
      summary: `One ${one} by id.`,
      access: { permission: leastPermission(meta, 'read') },
      input: idInput,
      output: record,
      errors: ['NOT_FOUND'],
      handler: ({ ctx, input }) => getRecord(scoped(ctx), meta, input.id),
    }),
    create: defineMutation({
      summary: `Creates a ${one}${meta.number ? ', numbered in sequence' : ''}.`,
      access: { permission: leastPermission(meta, 'create') },
      input: inputSchema(meta),
      output: record,
      errors: ['NOT_FOUND', 'CONFLICT'],
      handler: ({ ctx, input }) => createRecord(scoped(ctx), meta, input as Row),
    }),
    update: defineMutation({
      summary: `Changes a ${one} read at a version; a stale version is refused.`,
      access: { permission: leastPermission(meta, 'update') },
      input: updateSchema(meta),
      output: record,
      errors: ['NOT_FOUND', 'CONFLICT', 'STALE_VERSION'],
      handler: ({ ctx, input }) => updateRecord(scoped(ctx), meta, input as Row),
    }),
    archive: defineMutation({
      summary: `Archives a ${one} read at a version: lists leave it out, its history stays.`,
      access: { permission: leastPermission(meta, 'archive') },
      input: versionedInput,
      output: record,
      errors: ['NOT_FOUND', 'CONFLICT', 'STALE_VERSION'],
      handler: ({ ctx, input }) => archiveRecord(scoped(ctx), meta, input),
    }),
  };
}

type Standard<M extends EntityMeta, O extends EntityOperations> = ReturnType<typeof standardProcedures<M, O>>;
type Picked<M extends EntityMeta, O extends EntityOperations> = Pick<
  Standard<M, O>,
  Extract<O['standard'][number], keyof Standard<M, O>>
>;

/**
 * [7] The router of one entity: the standard operations spec/calls.ts names for it,
 * typed from its metadata, so the client infers each input and record. The compiler
 * emits one line per entity (src/server/generated/routers.ts).
 */
export function entityRouter<const M extends EntityMeta, const O extends EntityOperations>(meta: M, operations: O) {
  const all = standardProcedures(meta, operations);
  const picked = Object.fromEntries(
    Object.entries(all).filter(([name]) => (operations.standard as readonly string[]).includes(name)),
  ) as unknown as Picked<M, O>;
  return router(picked);
}
