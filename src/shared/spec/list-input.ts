import { z } from 'zod';
import { limits } from '../constants.ts';
import { idSchema } from '../schemas/common.schema.ts';
import type { EntityOperations } from './calls.ts';
import type { EntityMeta, FieldMeta } from './entity-meta.ts';

/**
 * [7] The input of an entity's standard `list`, built from its metadata and the list
 * options spec/calls.ts gives: case-insensitive search over the searchable fields, a
 * filter per declared field (an exact value, or a range for numbers and dates), a sort
 * among the declared fields, archived records or live ones, and a cursor page. Shared:
 * the server validates it and the list screen keeps it in the URL.
 */

/** What the list of one entity allows, with the defaults applied. */
export interface ListOptions {
  readonly filters: readonly string[];
  readonly sort: readonly string[];
  readonly pageSize: number;
}

/** Sorting by creation is always possible; it is the default when the spec names no sort. */
export const defaultSort = 'createdAt';

export function listOptionsOf(operations: EntityOperations | undefined): ListOptions {
  const list = operations?.list;
  return {
    filters: list?.filters ?? [],
    sort: list?.sort?.length ? list.sort : [defaultSort],
    pageSize: list?.pageSize ?? limits.page.defaultSize,
  };
}

/** The longest search text: long enough for any field's content people type, short enough to scan. */
export const searchMaxLength = 100;

interface Range<T> {
  from?: T | null;
  to?: T | null;
}

/** What a filter on one field takes. */
type FieldFilter<F> = F extends { kind: 'int' | 'money' }
  ? Range<number>
  : F extends { kind: 'dateTime' }
    ? Range<Date>
    : F extends { kind: 'date' }
      ? Range<string>
      : F extends { kind: 'boolean' }
        ? boolean
        : F extends { kind: 'enum'; values: readonly (infer V)[] }
          ? V
          : string;

type FilterOf<M extends EntityMeta, K> = K extends 'state'
  ? M['states'] extends { states: readonly (infer S)[] }
    ? S
    : never
  : K extends keyof M['fields']
    ? FieldFilter<M['fields'][K]>
    : never;

type Declared<O, Key extends 'filters' | 'sort'> = O extends { list: Record<Key, readonly (infer N)[]> }
  ? Extract<N, string>
  : never;

export interface ListInput<M extends EntityMeta, O> {
  search?: string | null;
  filters?: { [K in Declared<O, 'filters'>]?: FilterOf<M, K> | null } | null;
  sort?: {
    by: Declared<O, 'sort'> extends never ? typeof defaultSort : Declared<O, 'sort'>;
    direction?: 'asc' | 'desc';
  } | null;
  /** Archived records instead of live ones. */
  archived?: boolean;
  cursor?: string | null;
  limit?: number;
}

const range = <T extends z.ZodType>(value: T) =>
  z
    .object({ from: value.nullish(), to: value.nullish() })
    .refine(
      ({ from, to }) =>
        from == null || to == null || (from as number | string | Date) <= (to as number | string | Date),
      { message: 'The start of the range comes after its end.' },
    );

/** The schema of a filter on one field: an exact value, or a range. */
function filterSchema(field: FieldMeta): z.ZodType {
  switch (field.kind) {
    case 'int':
      return range(z.number().int().min(field.min).max(field.max));
    case 'money':
      return range(z.number().int().min(-field.maxMinor).max(field.maxMinor));
    case 'dateTime':
      return range(z.date());
    case 'date':
      return range(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.'));
    case 'boolean':
      return z.boolean();
    case 'enum':
      return z.enum(field.values as [string, ...string[]]);
    case 'relation':
      return idSchema;
    case 'decimal':
      return z.string().max(field.precision + 2);
    default:
      return z.string().trim().max(field.max);
  }
}

/** The schema of `list`'s input, typed from the metadata and the options (`as const`). */
export function listInputSchema<const M extends EntityMeta, const O extends EntityOperations>(
  meta: M,
  operations: O,
): z.ZodType<ListInput<M, O>> {
  const options = listOptionsOf(operations);
  const filters: Record<string, z.ZodType> = {};
  for (const name of options.filters) {
    if (name === 'state') {
      if (meta.states) filters.state = z.enum(meta.states.states as [string, ...string[]]).nullish();
      continue;
    }
    const field = meta.fields[name];
    if (field) filters[name] = filterSchema(field).nullish();
  }
  return z.object({
    search: z.string().trim().max(searchMaxLength).nullish(),
    filters: z.object(filters).nullish(),
    sort: z
      .object({
        by: z.enum(options.sort as [string, ...string[]]),
        direction: z.enum(['asc', 'desc']).optional(),
      })
      .nullish(),
    archived: z.boolean().optional(),
    cursor: idSchema.nullish(),
    limit: z.number().int().min(1).max(limits.page.maxSize).optional(),
  }) as unknown as z.ZodType<ListInput<M, O>>;
}
