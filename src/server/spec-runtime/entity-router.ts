import { z } from 'zod';
import { idSchema, pageOf } from '../../shared/schemas/common.schema.ts';
import type { EntityOperations } from '../../shared/spec/calls.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { eventInputSchema, recordSchema, inputSchema, updateSchema } from '../../shared/spec/entity-schemas.ts';
import type { AppErrorCode } from '../../shared/errors.ts';
import { limits } from '../../shared/constants.ts';
import { listInputSchema, listOptionsOf } from '../../shared/spec/list-input.ts';
import { defineMutation, defineQuery, router } from '../trpc/procedure.ts';
import { archiveRecord, createRecord, getRecord, listRecords, updateRecord, type RecordContext } from './records.ts';
import type { ErasedListInput } from './list-query.ts';
import type { Row } from './model-delegate.ts';
import { listPeople, userRelations } from './people.ts';
import { rulesFor } from './rules.ts';
import { leastPermission } from './scope.ts';
import { fireEvent, leastEventPermission, listTransitions, type EventInput } from './transitions.ts';

const idInput = z.object({ id: idSchema });
const transitionSchema = z.object({
  id: idSchema,
  event: z.string().max(limits.text.short),
  fromState: z.string().max(limits.text.short),
  toState: z.string().max(limits.text.short),
  actorId: idSchema.nullable(),
  actorName: z.string().max(limits.text.short),
  note: z.string().max(limits.text.long).nullable(),
  at: z.date(),
});

/** The catalogue codes the rules a write runs may raise. */
const ruleErrors = (meta: EntityMeta, guards: readonly string[] = []) =>
  rulesFor(meta, guards).map((rule) => rule.error as AppErrorCode);

/**
 * A write's audit row: the entity by name and the record's id (from the input, or the
 * created record's answer), with its e-mail and phone fields kept out as personal.
 */
function auditOf(meta: EntityMeta) {
  const personal = Object.entries(meta.fields)
    .filter(([, field]) => field.kind === 'email' || field.kind === 'phone')
    .map(([name]) => name);
  return {
    redact: personal,
    target: {
      entity: meta.name,
      id: ({ input, output }: { input: unknown; output: unknown }) => idIn(output) ?? idIn(input),
    },
  };
}

const idIn = (value: unknown): string | null => {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? id : null;
};

/** The handlers' context carries the viewer their access rule found (ContextFor). */
const scoped = (ctx: RecordContext): RecordContext => ctx;

/** One state event as a mutation: `workOrder.schedule({ id, version, note, scheduledAt })`. */
function eventProcedure<const M extends EntityMeta, const E extends string>(meta: M, event: E) {
  const spec = meta.states?.events[event];
  return defineMutation({
    summary: `${spec?.label ?? event}: moves a ${meta.label.toLowerCase()} from ${spec?.from.join(' or ') ?? '?'} to ${spec?.to ?? '?'}.`,
    access: { permission: leastEventPermission(meta, event) },
    input: eventInputSchema(meta, event),
    output: recordSchema(meta),
    errors: ['NOT_FOUND', 'CONFLICT', 'STALE_VERSION', 'INVALID_TRANSITION', ...ruleErrors(meta, spec?.guards)],
    handler: ({ ctx, input }) => fireEvent(scoped(ctx), meta, event, input as EventInput),
    audit: auditOf(meta),
  });
}

type EventNames<M extends EntityMeta> = M['states'] extends { events: infer E } ? Extract<keyof E, string> : never;
type EventProcedures<M extends EntityMeta> = {
  [E in EventNames<M>]: ReturnType<typeof eventProcedure<M, E>>;
};

const personSchema = z.object({ id: idSchema, name: z.string().max(limits.text.short) });

/** `<entity>.people`: whom a relation to a user may point at (people.ts), for an entity that has one. */
function peopleProcedure(meta: EntityMeta) {
  const fields = userRelations(meta);
  return defineQuery({
    summary: `The people a ${meta.label.toLowerCase()}'s ${fields.join(' or ')} may be: ids and names, for those who set it.`,
    access: 'signed-in',
    input: z.object({
      field: z.enum(fields as [string, ...string[]]),
      search: z.string().trim().max(limits.text.short).nullish(),
    }),
    output: z.array(personSchema),
    errors: ['FORBIDDEN'],
    handler: ({ ctx, input }) => listPeople(scoped(ctx), meta, input),
  });
}

/** A record's state history, and each state event: the `events` operation. */
function eventProcedures<const M extends EntityMeta>(meta: M) {
  const events = Object.fromEntries(
    Object.keys(meta.states?.events ?? {}).map((event) => [event, eventProcedure(meta, event)]),
  ) as unknown as EventProcedures<M>;
  return {
    ...events,
    history: defineQuery({
      summary: `A ${meta.label.toLowerCase()}'s state changes, oldest first: who, when, and their note.`,
      access: { permission: leastPermission(meta, 'read') },
      input: idInput,
      output: z.array(transitionSchema),
      errors: ['NOT_FOUND'],
      handler: ({ ctx, input }) => listTransitions(scoped(ctx), meta, input.id),
    }),
  };
}
const versionedInput = z.object({ id: idSchema, version: z.number().int().min(1) });

/** Every standard procedure of one entity, declared in the one procedure style (procedure.ts). */
function standardProcedures<const M extends EntityMeta, const O extends EntityOperations>(meta: M, operations: O) {
  const record = recordSchema(meta);
  const options = listOptionsOf(operations);
  const few = meta.plural.toLowerCase();
  const one = meta.label.toLowerCase();
  return {
    list: defineQuery({
      summary: `One page of ${few} the caller may see, filtered, searched and sorted.`,
      access: { permission: leastPermission(meta, 'read') },
      input: listInputSchema(meta, operations),
      output: pageOf(record),
      errors: ['NOT_FOUND'],
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
      errors: ['NOT_FOUND', 'CONFLICT', ...ruleErrors(meta)],
      handler: ({ ctx, input }) => createRecord(scoped(ctx), meta, input as Row),
      audit: auditOf(meta),
    }),
    update: defineMutation({
      summary: `Changes a ${one} read at a version; a stale version is refused.`,
      access: { permission: leastPermission(meta, 'update') },
      input: updateSchema(meta),
      output: record,
      errors: ['NOT_FOUND', 'CONFLICT', 'STALE_VERSION', ...ruleErrors(meta)],
      handler: ({ ctx, input }) => updateRecord(scoped(ctx), meta, input as Row),
      audit: auditOf(meta),
    }),
    archive: defineMutation({
      summary: `Archives a ${one} read at a version: lists leave it out, its history stays.`,
      access: { permission: leastPermission(meta, 'archive') },
      input: versionedInput,
      output: record,
      errors: ['NOT_FOUND', 'CONFLICT', 'STALE_VERSION'],
      handler: ({ ctx, input }) => archiveRecord(scoped(ctx), meta, input),
      audit: auditOf(meta),
    }),
  };
}

type Events<M extends EntityMeta, O extends EntityOperations> = 'events' extends O['standard'][number]
  ? ReturnType<typeof eventProcedures<M>>
  : unknown;
type People<M extends EntityMeta> =
  Extract<M['fields'][keyof M['fields']], { to: 'user' }> extends never
    ? unknown
    : { people: ReturnType<typeof peopleProcedure> };
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
  const people = userRelations(meta).length ? { people: peopleProcedure(meta) } : {};
  const procedures = (
    operations.standard.includes('events') && meta.states
      ? { ...picked, ...people, ...eventProcedures(meta) }
      : { ...picked, ...people }
  ) as Picked<M, O> & Events<M, O> & People<M>;
  return router(procedures);
}
