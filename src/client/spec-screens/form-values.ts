import { formatMoney, formatZonedDateTime } from '../../shared/schemas/fields.schema.ts';
import type { EntityMeta, FieldMeta } from '../../shared/spec/entity-meta.ts';

/**
 * [2] What an entity's form holds, field by field: the text its inputs show (money as
 * '12.50', a date-time as the wall clock on the field's zone), from the spec's defaults
 * for a new record or from the stored record for an edit. The entity's input schema
 * (src/shared/spec/entity-schemas.ts) turns it back into what is stored.
 */

/** A field a form edits, under its key in the input: a `one` relation by its column. */
export interface FormField {
  readonly key: string;
  readonly name: string;
  readonly field: FieldMeta;
}

/** Every field a form shows, in the spec's order; `many` relations are edited from the other side. */
export function formFields(meta: Pick<EntityMeta, 'fields'>, only?: readonly string[]): FormField[] {
  return Object.entries(meta.fields).flatMap(([name, field]): FormField[] => {
    if (only && !only.includes(name)) return [];
    if (field.kind !== 'relation') return [{ key: name, name, field }];
    return field.cardinality === 'one' ? [{ key: field.column, name, field }] : [];
  });
}

/** What an input shows for a stored value. */
export function formValueOf(field: FieldMeta, value: unknown): unknown {
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'int') return typeof value === 'number' ? value : undefined;
  if (value === null || value === undefined) return '';
  if (field.kind === 'money' && typeof value === 'number') return formatMoney(value, { decimals: field.decimals });
  if (field.kind === 'dateTime' && value instanceof Date) return formatZonedDateTime(value, field.zone);
  return typeof value === 'string' ? value : '';
}

/** A new record's form: the spec's defaults, empty inputs elsewhere. */
export function createDefaults(fields: readonly FormField[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map(({ key, field }) => [
      key,
      'default' in field && field.default !== undefined ? formValueOf(field, field.default) : formValueOf(field, null),
    ]),
  );
}

/** An edit's form: the record as it was read. */
export function editDefaults(fields: readonly FormField[], record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.map(({ key, field }) => [key, formValueOf(field, record[key])]));
}

/**
 * What an update sends: the id, the version the form was read at, and only the fields
 * the person changed, so a field someone else changed meanwhile is not written back.
 */
export function changedValues(
  values: Record<string, unknown>,
  dirty: Partial<Record<string, unknown>>,
  record: { id: string; version: number },
): Record<string, unknown> {
  const changed = Object.fromEntries(Object.entries(values).filter(([key]) => dirty[key] === true));
  return { ...changed, id: record.id, version: record.version };
}
