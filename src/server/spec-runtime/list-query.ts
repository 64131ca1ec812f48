import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { columnOf } from '../../shared/spec/entity-schemas.ts';
import type { ListOptions } from '../../shared/spec/list-input.ts';
import type { Engine } from '../db/engines.ts';
import type { Row, Where } from './model-delegate.ts';

/** `list`'s input with its types erased (list-input.ts types it per entity). */
export interface ErasedListInput {
  search?: string | null;
  filters?: Readonly<Record<string, unknown>> | null;
  sort?: { by: string; direction?: 'asc' | 'desc' } | null;
  archived?: boolean;
  cursor?: string | null;
  limit?: number;
}

type Direction = 'asc' | 'desc';

export interface ListQuery {
  where: Where;
  orderBy: Record<string, Direction | { sort: Direction; nulls: 'last' }>[];
  sortColumn: string;
  direction: Direction;
  /** Whether the sort column may be null: nulls come last in both directions, on both engines. */
  nullable: boolean;
}

/**
 * Contains, ignoring case, on both engines: PostgreSQL needs `mode: 'insensitive'`;
 * SQLite's LIKE already ignores ASCII case and has no such mode.
 */
function contains(text: string, engine: Engine): Where {
  return engine === 'postgresql' ? { contains: text, mode: 'insensitive' } : { contains: text };
}

function filterWhere(meta: EntityMeta, name: string, value: unknown): Where {
  if (name === 'state') return { state: value };
  const field = meta.fields[name];
  if (!field) return {};
  if (field.kind === 'relation') return field.cardinality === 'one' ? { [field.column]: value } : {};
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const { from, to } = value as { from?: unknown; to?: unknown };
    const bounds: Where = {};
    if (from !== null && from !== undefined) bounds.gte = from;
    if (to !== null && to !== undefined) bounds.lte = to;
    return Object.keys(bounds).length ? { [name]: bounds } : {};
  }
  return { [name]: value };
}

/**
 * The `where` and order of one `list` call, before the caller's scope and the page cursor.
 * `hidden`: fields the caller may not see (visibility.ts), which the search leaves out and
 * the default sort passes over; filtering or sorting by one is refused before this.
 */
export function listWhere(
  meta: EntityMeta,
  options: ListOptions,
  input: ErasedListInput,
  engine: Engine,
  hidden: readonly string[] = [],
): ListQuery {
  const parts: Where[] = [{ archivedAt: input.archived ? { not: null } : null }];
  const search = input.search?.trim();
  if (search) {
    const columns = [...meta.searchable.filter((field) => !hidden.includes(field)), ...(meta.number ? ['number'] : [])];
    if (columns.length) parts.push({ OR: columns.map((column) => ({ [column]: contains(search, engine) })) });
  }
  for (const [name, value] of Object.entries(input.filters ?? {}))
    if (value !== null && value !== undefined && options.filters.includes(name))
      parts.push(filterWhere(meta, name, value));

  const by =
    input.sort?.by && options.sort.includes(input.sort.by)
      ? input.sort.by
      : (options.sort.find((field) => !hidden.includes(field)) ?? 'createdAt');
  const sortColumn = columnOf(meta, by);
  const nullable = meta.fields[by]?.optional === true;
  const direction = input.sort?.direction ?? 'desc';
  return {
    where: { AND: parts.filter((part) => Object.keys(part).length > 0) },
    orderBy: [{ [sortColumn]: nullable ? { sort: direction, nulls: 'last' } : direction }, { id: direction }],
    sortColumn,
    direction,
    nullable,
  };
}

/**
 * The records after `cursor` in the list's order (keyset paging), written out rather
 * than left to Prisma's `cursor`, which mis-pages when the sort column holds nulls:
 * after (v, id) come the rows with a column past v, those with v and a later id, and
 * (nulls last) every null; after a null, only nulls with a later id.
 */
export function pageAfter(query: ListQuery, cursor: Row): Where {
  const past = query.direction === 'desc' ? 'lt' : 'gt';
  const value = cursor[query.sortColumn];
  const id = cursor.id;
  if (value === null || value === undefined) return { [query.sortColumn]: null, id: { [past]: id } };
  const after: Where[] = [{ [query.sortColumn]: { [past]: value } }, { [query.sortColumn]: value, id: { [past]: id } }];
  if (query.nullable) after.push({ [query.sortColumn]: null });
  return { OR: after };
}
