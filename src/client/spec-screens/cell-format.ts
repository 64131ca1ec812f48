import type { EntityMeta, FieldMeta } from '../../shared/spec/entity-meta.ts';

/**
 * [2] How a stored value reads on the specification's screens, by its field's kind:
 * money in its currency, a calendar day as a day (no zone moves it), a date-time on the
 * field's zone's clock, choices in words. `locale` is for tests; screens leave it out.
 */

/** What an empty value reads as. */
export const none = '—';

/** 'in_progress' → 'In progress'; 'urgent' → 'Urgent'. */
export function choiceLabel(value: string): string {
  const spaced = value
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** Minor units in their currency: 123450 EUR → '€1,234.50'. */
export function formatAmount(minor: number, currency: string, decimals: number, locale?: string): string {
  const format = cached(
    `money|${locale ?? ''}|${currency}|${decimals}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }),
  );
  return format.format(minor / 10 ** decimals);
}

/** A calendar day, 'YYYY-MM-DD' → '26 Nov 2026': read at noon UTC and shown in UTC, so no zone moves it. */
export function formatDay(day: string, locale?: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const format = cached(
    `day|${locale ?? ''}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  );
  return format.format(new Date(Date.UTC(year, month - 1, date, 12)));
}

/** An instant on `zone`'s clock: '26 Nov 2026, 14:05'. */
export function formatInZone(instant: Date, zone: string, locale?: string): string {
  const format = cached(
    `zoned|${locale ?? ''}|${zone}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
  );
  return format.format(instant);
}

/** A stored value as text; a relation's id is not words (RelatedTitle shows the related record's title). */
export function formatValue(field: FieldMeta, value: unknown, locale?: string): string {
  if (value === null || value === undefined || value === '') return none;
  switch (field.kind) {
    case 'money':
      return typeof value === 'number' ? formatAmount(value, field.currency, field.decimals, locale) : none;
    case 'int': {
      // A field that never passes 9999 holds years and codes, not counts: 2021, not 2,021.
      const grouped = field.max > 9999;
      return typeof value === 'number'
        ? cached(
            `int|${locale ?? ''}|${grouped}`,
            () => new Intl.NumberFormat(locale, { useGrouping: grouped }),
          ).format(value)
        : none;
    }
    case 'date':
      return typeof value === 'string' ? formatDay(value, locale) : none;
    case 'dateTime':
      return value instanceof Date ? formatInZone(value, field.zone, locale) : none;
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'enum':
      return typeof value === 'string' ? choiceLabel(value) : none;
    default:
      return typeof value === 'string' ? value : none;
  }
}

/** One column of a list: a field, or the record's number or state. */
export type Column =
  | { readonly kind: 'number' }
  | { readonly kind: 'state' }
  | { readonly kind: 'field'; readonly name: string; readonly field: FieldMeta };

/** How many columns a list shows at most: a phone scrolls them, a laptop fits them. */
export const maxColumns = 6;

/**
 * The columns of a list: the number, the title (the link to the record), the state,
 * then the other fields in the spec's order. Long text and `many` relations stay on the
 * detail screen.
 */
export function listColumns(meta: Pick<EntityMeta, 'number' | 'title' | 'states' | 'fields'>): Column[] {
  const columns: Column[] = [];
  if (meta.number) columns.push({ kind: 'number' });
  const title = meta.title ?? firstTextField(meta);
  const titleField = title ? meta.fields[title] : undefined;
  if (title && titleField) columns.push({ kind: 'field', name: title, field: titleField });
  if (meta.states) columns.push({ kind: 'state' });
  for (const [name, field] of Object.entries(meta.fields)) {
    if (name === title || field.kind === 'text' || (field.kind === 'relation' && field.cardinality === 'many'))
      continue;
    columns.push({ kind: 'field', name, field });
  }
  return columns.slice(0, maxColumns);
}

/** The field that names a record when the spec gives no title: the first string field. */
export function firstTextField(meta: Pick<EntityMeta, 'fields'>): string | null {
  return Object.entries(meta.fields).find(([, field]) => field.kind === 'string')?.[0] ?? null;
}

/** The words that name a record: its title field, else its number, else its label. */
export function recordTitle(
  meta: Pick<EntityMeta, 'title' | 'fields' | 'label' | 'number'>,
  record: Record<string, unknown>,
): string {
  const title = meta.title ?? firstTextField(meta);
  const value = title ? record[title] : null;
  if (typeof value === 'string' && value) return value;
  if (meta.number && typeof record.number === 'string') return record.number;
  return meta.label;
}
