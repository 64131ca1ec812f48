import { instantsAt } from '../../shared/schemas/fields.schema.ts';
import type { EntityMeta, FieldMeta } from '../../shared/spec/entity-meta.ts';
import type { ListOptions } from '../../shared/spec/list-input.ts';
import type { ListSearch } from './list-search.ts';

/**
 * [2] A list screen's address (list-search.ts) as the entity's `list` input
 * (src/shared/spec/list-input.ts): amounts typed as '12.50' in minor units, a date-time
 * range's days as instants on the field's zone's clock (the whole of the last day
 * included), the first declared sort newest first by default.
 */
export interface ErasedListInput {
  search?: string;
  filters: Record<string, unknown>;
  sort: { by: string; direction: 'asc' | 'desc' };
  archived: boolean;
  limit: number;
}

const dayMs = 24 * 60 * 60 * 1000;

/** The first instant of a calendar day on `zone`'s clock (midnight, or the first minute after a skipped one). */
export function startOfDay(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  for (let minute = 0; minute < 24 * 60; minute += 30) {
    const [instant] = instantsAt({ year, month, day: date, hour: Math.floor(minute / 60), minute: minute % 60 }, zone);
    if (instant) return instant;
  }
  return new Date(Date.UTC(year, month - 1, date));
}

/** The calendar day after 'YYYY-MM-DD'. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) + dayMs).toISOString().slice(0, 10);
}

/** '1,234.5' with 2 decimals → 123450; null for what is not an amount. */
export function toMinor(text: string, decimals: number): number | null {
  const match = /^(-)?(\d+)(?:\.(\d*))?$/.exec(text.replaceAll(',', ''));
  if (!match) return null;
  const [, minus, whole = '', fraction = ''] = match;
  const minor = Number(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
  return Number.isSafeInteger(minor) ? (minus ? -minor : minor) : null;
}

function bound(field: FieldMeta, text: string | undefined, end: 'from' | 'to'): unknown {
  if (text === undefined) return undefined;
  switch (field.kind) {
    case 'int':
      return Number(text.replaceAll(',', ''));
    case 'money':
      return toMinor(text, field.decimals) ?? undefined;
    case 'dateTime':
      // "To the 30th" means up to the end of that day: before the next one starts.
      return end === 'from'
        ? startOfDay(text, field.zone)
        : new Date(startOfDay(nextDay(text), field.zone).getTime() - 1);
    default:
      return text;
  }
}

function exact(field: FieldMeta | undefined, text: string): unknown {
  if (field?.kind === 'boolean') return text === 'yes';
  return text;
}

export function listInputOf(
  meta: Pick<EntityMeta, 'fields' | 'states'>,
  options: ListOptions,
  search: ListSearch,
): ErasedListInput {
  const filters: Record<string, unknown> = {};
  for (const name of options.filters) {
    const field = meta.fields[name];
    const ranged = field && ['int', 'money', 'date', 'dateTime'].includes(field.kind);
    if (ranged) {
      const from = bound(field, search[`${name}From`], 'from');
      const to = bound(field, search[`${name}To`], 'to');
      if (from !== undefined || to !== undefined) filters[name] = { from: from ?? null, to: to ?? null };
    } else {
      const value = search[name];
      if (value !== undefined) filters[name] = exact(field, value);
    }
  }
  const by = search.sort && options.sort.includes(search.sort) ? search.sort : (options.sort[0] ?? 'createdAt');
  return {
    ...(search.q ? { search: search.q } : {}),
    filters,
    sort: { by, direction: search.dir ?? 'desc' },
    archived: search.archived === 'yes',
    limit: options.pageSize,
  };
}

/** Whether the address narrows the list (so an empty list says "nothing matches", not "nothing yet"). */
export function isNarrowed(search: ListSearch): boolean {
  return Object.entries(search).some(([key, value]) => value !== undefined && key !== 'sort' && key !== 'dir');
}
