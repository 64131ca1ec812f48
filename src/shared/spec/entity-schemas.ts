import { z } from 'zod';
import { limits } from '../constants.ts';
import { emailSchema, idSchema } from '../schemas/common.schema.ts';
import { calendarDate, money, zonedDateTime } from '../schemas/fields.schema.ts';
import type { EntityMeta, FieldMeta, FieldsMeta } from './entity-meta.ts';

/**
 * [3] The zod schemas of an entity, built from its metadata: the same code for every
 * entity (a building block, not generated text), so its types follow the metadata
 * `as const`. The form kit's codecs read money, dates and date-times from the strings a
 * form holds (docs/decisions/0028-form-kit.md); every string is bounded by the field.
 */

type Fields<M extends FieldsMeta> = M['fields'];
interface OneRelation {
  kind: 'relation';
  cardinality: 'one';
}
interface Many {
  kind: 'relation';
  cardinality: 'many';
}

/** The key a field has in a record and an input: a `one` relation is its column. */
export type KeyOf<M extends FieldsMeta, K> = K extends string
  ? Fields<M>[K] extends Many
    ? never
    : Fields<M>[K] extends OneRelation
      ? `${K}Id`
      : K
  : never;

/** What a stored field holds. */
type Stored<F> = F extends { kind: 'int' | 'money' }
  ? number
  : F extends { kind: 'boolean' }
    ? boolean
    : F extends { kind: 'enum'; values: readonly (infer V)[] }
      ? V
      : F extends { kind: 'dateTime' }
        ? Date
        : string;

/** What a form sends for a field: codecs take strings. */
type Sent<F> = F extends { kind: 'money' | 'date' | 'dateTime' | 'decimal' } ? string : Stored<F>;

type Nullable<F, T> = F extends { optional: true } ? T | null : T;
type MayOmit<F> = F extends { optional: true } ? true : F extends { default: unknown } ? true : false;

/** Fields some role may not see (spec/roles.ts `hide`): absent from the records that role reads. */
type HiddenOf<M extends EntityMeta> = { [R in keyof M['hidden']]: M['hidden'][R][number] }[keyof M['hidden']];

export type EntityRecord<M extends EntityMeta> = {
  -readonly [K in keyof Fields<M> as K extends HiddenOf<M> ? never : KeyOf<M, K>]: Nullable<
    Fields<M>[K],
    Stored<Fields<M>[K]>
  >;
} & {
  -readonly [K in keyof Fields<M> as K extends HiddenOf<M> ? KeyOf<M, K> : never]?: Nullable<
    Fields<M>[K],
    Stored<Fields<M>[K]>
  >;
} & {
  id: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
} & (M['number'] extends null ? unknown : { number: string }) &
  (M['states'] extends { states: readonly (infer S)[] } ? { state: S } : unknown);

type InputKeys<M extends FieldsMeta, Omittable extends boolean> = {
  [K in keyof Fields<M>]: MayOmit<Fields<M>[K]> extends Omittable ? K : never;
}[keyof Fields<M>];

/** What a create form sends (before its codecs run). */
export type EntityFormValues<M extends FieldsMeta> = {
  -readonly [K in InputKeys<M, false> as KeyOf<M, K>]: Sent<Fields<M>[K]>;
} & { -readonly [K in InputKeys<M, true> as KeyOf<M, K>]?: Sent<Fields<M>[K]> | null };

/** What the create input holds after its codecs ran: what is stored. */
export type EntityInput<M extends FieldsMeta> = {
  -readonly [K in InputKeys<M, false> as KeyOf<M, K>]: Stored<Fields<M>[K]>;
} & { -readonly [K in InputKeys<M, true> as KeyOf<M, K>]?: Stored<Fields<M>[K]> | null };

const atMost = (count: number) => `At most ${count} characters`;

/** A bounded string (trimmed). */
function text(min: number, max: number) {
  const base = z.string().trim().max(max, atMost(max));
  return min > 0 ? base.min(min, min === 1 ? 'Required' : `At least ${min} characters`) : base;
}

function decimal(precision: number, scale: number) {
  const whole = precision - scale;
  const pattern = new RegExp(`^-?\\d{1,${whole}}${scale > 0 ? `(\\.\\d{1,${scale}})?` : ''}$`);
  const example = scale > 0 ? `12.${'5'.repeat(scale)}` : '12';
  return z
    .string()
    .trim()
    .max(precision + 2)
    .regex(pattern, `Enter a number like ${example}: at most ${whole} digits before the point and ${scale} after.`);
}

/** What a client sends for one field. */
function sentSchema(field: FieldMeta): z.ZodType {
  switch (field.kind) {
    case 'string':
      return text(field.optional ? 0 : field.min, field.max);
    case 'text':
      return text(0, field.max);
    case 'email':
      return emailSchema;
    case 'phone':
      return text(0, field.max).regex(/^\+?[0-9 ()./-]{4,}$/, 'Enter a phone number: digits, spaces, + ( ) and -.');
    case 'int':
      return z.number().int().min(field.min).max(field.max);
    case 'money':
      return money({ decimals: field.decimals, allowNegative: field.allowNegative, maxMinor: field.maxMinor });
    case 'decimal':
      return decimal(field.precision, field.scale);
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(field.values as [string, ...string[]]);
    case 'date':
      return calendarDate();
    case 'dateTime':
      return zonedDateTime(field.zone);
    case 'relation':
      return idSchema;
  }
}

/** What is stored for one field, as a record carries it. */
function storedSchema(field: FieldMeta): z.ZodType {
  switch (field.kind) {
    case 'int':
      return z.number().int().min(field.min).max(field.max);
    case 'money':
      return z
        .number()
        .int()
        .min(field.allowNegative ? -field.maxMinor : 0)
        .max(field.maxMinor);
    case 'decimal':
      return decimal(field.precision, field.scale);
    case 'date':
      return z.string().max(10);
    case 'dateTime':
      return z.date();
    case 'email':
    case 'phone':
    case 'string':
    case 'text':
      return z.string().max(field.max);
    default:
      return sentSchema(field);
  }
}

function keyOf(name: string, field: FieldMeta): string | null {
  if (field.kind !== 'relation') return name;
  return field.cardinality === 'one' ? field.column : null;
}

/**
 * The column a field is stored and filtered under: a one-relation's foreign key
 * ('customerId'), any other field's own name ('number', 'state' and unknown names too).
 */
export function columnOf(meta: FieldsMeta, field: string): string {
  const found = meta.fields[field];
  return found?.kind === 'relation' && found.cardinality === 'one' ? found.column : field;
}

function fieldEntries(meta: FieldsMeta, schemaOf: (field: FieldMeta) => z.ZodType) {
  return Object.entries(meta.fields).flatMap(([name, field]) => {
    const key = keyOf(name, field);
    return key === null ? [] : [{ key, name, field, schema: schemaOf(field) }];
  });
}

/** The schema of a stored record, as an explicit select returns it (`select` below). */
export function recordSchema<const M extends EntityMeta>(meta: M): z.ZodType<EntityRecord<M>> {
  const shape: Record<string, z.ZodType> = {
    id: idSchema,
    version: z.number().int().min(1),
    createdAt: z.date(),
    updatedAt: z.date(),
    archivedAt: z.date().nullable(),
  };
  if (meta.number) shape.number = z.string().max(meta.number.prefix.length + 12);
  if (meta.states) shape.state = z.enum(meta.states.states as [string, ...string[]]);
  const hidden = new Set(Object.values(meta.hidden).flat());
  for (const { key, name, field, schema } of fieldEntries(meta, storedSchema)) {
    const stored = field.optional ? schema.nullable() : schema;
    // Left out of the records a role that may not see it reads (src/server/spec-runtime/visibility.ts).
    shape[key] = hidden.has(name) ? stored.optional() : stored;
  }
  return z.object(shape) as unknown as z.ZodType<EntityRecord<M>>;
}

/**
 * The fields of a create input, each what a form sends parsed into what is stored. An
 * optional field may be left out, null or '' (an emptied form field), all meaning null;
 * a field with a default may be left out (the database fills it). The runtime's update
 * and filter inputs compose from it (`.partial()`, `id` and `version` beside it).
 */
export function inputShape(meta: FieldsMeta): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const { key, field, schema } of fieldEntries(meta, sentSchema)) {
    if (field.optional)
      shape[key] = z
        .union([z.literal(''), z.null(), schema])
        .optional()
        .transform((value: unknown) => (value === '' || value === undefined ? null : value));
    else shape[key] = 'default' in field && field.default !== undefined ? schema.optional() : schema;
  }
  return shape;
}

/**
 * The fields of an update input: each may be left out (unchanged); an optional one may
 * be null or '' (cleared). Unlike `inputShape`, leaving a field out never clears it.
 */
export function updateShape(meta: EntityMeta): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const { key, field, schema } of fieldEntries(meta, sentSchema))
    shape[key] = field.optional
      ? z
          .union([z.literal(''), z.null(), schema])
          .transform((value: unknown) => (value === '' ? null : value))
          .optional()
      : schema.optional();
  return shape;
}

/** What an update sends: the record's id and the version it was read at, and the fields that change. */
export type EntityUpdate<M extends EntityMeta> = { id: string; version: number } & Partial<EntityInput<M>>;
export type EntityUpdateValues<M extends EntityMeta> = { id: string; version: number } & Partial<EntityFormValues<M>>;

/** The schema of an update input (`updateShape` beside `id` and `version`), typed from the metadata. */
export function updateSchema<const M extends EntityMeta>(meta: M): z.ZodType<EntityUpdate<M>, EntityUpdateValues<M>> {
  return z.object({
    id: idSchema,
    version: z.number().int().min(1),
    ...updateShape(meta),
  }) as unknown as z.ZodType<EntityUpdate<M>, EntityUpdateValues<M>>;
}

type EventsOf<M extends EntityMeta> = M['states'] extends { events: infer E } ? E : never;
type RequiresOf<M extends EntityMeta, E> =
  EventsOf<M> extends Record<string, unknown>
    ? E extends keyof EventsOf<M>
      ? EventsOf<M>[E] extends { requires: readonly (infer F)[] }
        ? F
        : never
      : never
    : never;

/** What firing event `E` sends: the record at its version, a note, and values for the fields it requires. */
export type EventInput<M extends EntityMeta, E> = { id: string; version: number; note?: string | null } & Partial<
  Pick<EntityInput<M>, Extract<KeyOf<M, RequiresOf<M, E>>, keyof EntityInput<M>>>
>;
export type EventValues<M extends EntityMeta, E> = { id: string; version: number; note?: string | null } & Partial<
  Pick<EntityFormValues<M>, Extract<KeyOf<M, RequiresOf<M, E>>, keyof EntityFormValues<M>>>
>;

/**
 * The schema of firing one event: `id` and `version`, the note as the event asks for
 * it (required, optional, or none), and the fields it requires, each optional (a value
 * already stored will do; the runtime checks every required field holds one).
 */
export function eventInputSchema<const M extends EntityMeta, const E extends string>(
  meta: M,
  event: E,
): z.ZodType<EventInput<M, E>, EventValues<M, E>> {
  const spec = meta.states?.events[event];
  const updates = updateShape(meta);
  const shape: Record<string, z.ZodType> = { id: idSchema, version: z.number().int().min(1) };
  if (spec?.note === 'required') shape.note = z.string().trim().min(1, 'Required').max(limits.text.long);
  if (spec?.note === 'optional') shape.note = z.string().trim().max(limits.text.long).nullish();
  for (const field of spec?.requires ?? []) {
    const found = meta.fields[field];
    const key = found ? keyOf(field, found) : null;
    const schema = key === null ? undefined : updates[key];
    if (key !== null && schema) shape[key] = schema;
  }
  return z.object(shape) as unknown as z.ZodType<EventInput<M, E>, EventValues<M, E>>;
}

/** The schema of a create input (`inputShape`), typed from the metadata. */
export function inputSchema<const M extends FieldsMeta>(meta: M): z.ZodType<EntityInput<M>, EntityFormValues<M>> {
  return z.object(inputShape(meta)) as unknown as z.ZodType<EntityInput<M>, EntityFormValues<M>>;
}

/** What stored values of `meta`'s fields are, without a record's id and version: a custom operation's output. */
export type EntityValues<M extends FieldsMeta> = {
  -readonly [K in keyof Fields<M> as KeyOf<M, K>]: Nullable<Fields<M>[K], Stored<Fields<M>[K]>>;
};

/** The schema of stored values of `meta`'s fields (a custom operation's output), typed from the metadata. */
export function valuesSchema<const M extends FieldsMeta>(meta: M): z.ZodType<EntityValues<M>> {
  const shape: Record<string, z.ZodType> = {};
  for (const { key, field, schema } of fieldEntries(meta, storedSchema))
    shape[key] = field.optional ? schema.nullable() : schema;
  return z.object(shape) as unknown as z.ZodType<EntityValues<M>>;
}

/** The explicit select of a record: every column `recordSchema` has, nothing else. */
export function selectOf(meta: EntityMeta): Readonly<Record<string, true>> {
  const keys = ['id', 'version', 'createdAt', 'updatedAt', 'archivedAt'];
  if (meta.number) keys.push('number');
  if (meta.states) keys.push('state');
  for (const [name, field] of Object.entries(meta.fields)) {
    const key = keyOf(name, field);
    if (key !== null) keys.push(key);
  }
  return Object.fromEntries(keys.map((key) => [key, true as const]));
}
