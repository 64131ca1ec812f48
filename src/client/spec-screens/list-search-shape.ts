import type { EntityMeta, FieldMeta } from '../../shared/spec/entity-meta.ts';
import type { ListOptions } from '../../shared/spec/list-input.ts';
import { searchTextMax, type ListSearch } from './list-search.ts';

/** How one filter stands in the address, by the kind of field it filters. */
export type FilterShape =
  | { readonly kind: 'choice'; readonly values: readonly string[] }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'id' }
  | { readonly kind: 'text'; readonly max: number }
  /** Two bounds, `<name>From` and `<name>To`: amounts and counts as typed ('12.50'). */
  | { readonly kind: 'numberRange' }
  /** Two bounds, `<name>From` and `<name>To`: calendar days ('2026-11-26'), in the field's zone for a date-time. */
  | { readonly kind: 'dateRange' };

/** What a list screen's address may hold: the filters by name, the sort among the declared fields. */
export interface ListSearchShape {
  readonly filters: Readonly<Record<string, FilterShape>>;
  readonly sort: readonly string[];
}

/** An id as the server makes them: long enough for a UUID, short enough to be no essay. */
const idMax = 64;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const numberPattern = /^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$/;

/** The address keys a filter takes: its name, or its two bounds. */
export function filterKeys(name: string, shape: FilterShape): string[] {
  return shape.kind === 'numberRange' || shape.kind === 'dateRange' ? [`${name}From`, `${name}To`] : [name];
}

function accepts(shape: FilterShape, value: string): boolean {
  switch (shape.kind) {
    case 'choice':
      return shape.values.includes(value);
    case 'boolean':
      return value === 'yes' || value === 'no';
    case 'id':
      return value.length <= idMax && /^[\w-]+$/.test(value);
    case 'text':
      return value.length <= shape.max;
    case 'numberRange':
      return value.length <= 24 && numberPattern.test(value);
    case 'dateRange':
      return dayPattern.test(value);
  }
}

/** What one list screen's address holds that its entity accepts, in a fixed order. */
export function listSearch(shape: ListSearchShape): (raw: Record<string, unknown>) => ListSearch {
  return (raw) => {
    const search: ListSearch = {};
    const text = (key: string) => (typeof raw[key] === 'string' ? raw[key].trim() : '');
    const q = text('q');
    if (q && q.length <= searchTextMax) search.q = q;
    for (const [name, filter] of Object.entries(shape.filters))
      for (const key of filterKeys(name, filter)) {
        const value = text(key);
        if (value && accepts(filter, value)) search[key] = value;
      }
    const sort = text('sort');
    if (shape.sort.includes(sort)) search.sort = sort;
    const dir = text('dir');
    if (dir === 'asc' || dir === 'desc') search.dir = dir;
    if (text('archived') === 'yes') search.archived = 'yes';
    return search;
  };
}

/**
 * [2] How each of a list's declared filters stands in the address, by its field's kind.
 * The compiler writes the result into the route table (the first chunk reads no
 * metadata); the list screen's filters are drawn from the same.
 */
function filterShape(field: FieldMeta): FilterShape {
  switch (field.kind) {
    case 'enum':
      return { kind: 'choice', values: field.values };
    case 'boolean':
      return { kind: 'boolean' };
    case 'relation':
      return { kind: 'id' };
    case 'int':
    case 'money':
      return { kind: 'numberRange' };
    case 'date':
    case 'dateTime':
      return { kind: 'dateRange' };
    case 'decimal':
      return { kind: 'text', max: field.precision + 2 };
    default:
      return { kind: 'text', max: field.max };
  }
}

/** What a list screen's address may hold: its entity's declared filters (state included) and sorts. */
export function listSearchShape(meta: Pick<EntityMeta, 'fields' | 'states'>, options: ListOptions): ListSearchShape {
  const filters: Record<string, FilterShape> = {};
  for (const name of options.filters) {
    if (name === 'state') {
      if (meta.states) filters.state = { kind: 'choice', values: meta.states.states };
      continue;
    }
    const field = meta.fields[name];
    if (field) filters[name] = filterShape(field);
  }
  return { filters, sort: options.sort };
}
