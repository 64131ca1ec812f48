import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { columnOf } from '../../shared/spec/entity-schemas.ts';
import { AppError } from '../../shared/errors.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import type { Row } from './model-delegate.ts';

/**
 * [6] Field-level visibility (spec/roles.ts `hide`, EntityMeta.hidden): the fields a role
 * may not see are left out of every record it reads, refused in what it writes, and kept
 * out of its search, filters and sort, so no answer reveals them (not even by which
 * records a search finds). An API key acts with its owner's role.
 */

/** The fields (spec names) hidden from the viewer's role. */
export function hiddenFields(meta: EntityMeta, viewer: Pick<Viewer, 'role'>): readonly string[] {
  return meta.hidden[viewer.role] ?? [];
}

/** The record as the viewer may see it: the hidden fields' keys removed. */
export function visibleRecord(meta: EntityMeta, viewer: Pick<Viewer, 'role'>, row: Row): Row {
  const hidden = hiddenFields(meta, viewer);
  if (hidden.length === 0) return row;
  const keys = new Set(hidden.map((field) => columnOf(meta, field)));
  return Object.fromEntries(Object.entries(row).filter(([key]) => !keys.has(key)));
}

/**
 * FORBIDDEN when a write (create, update, an event's required fields) sets a field hidden
 * from the viewer. A new record's empty value (null: what the create schema makes of a
 * field left out) sets nothing; an update's null would clear the field, so it counts.
 */
export function refuseHiddenWrites(
  meta: EntityMeta,
  viewer: Pick<Viewer, 'role'>,
  input: Row,
  { creating = false }: { creating?: boolean } = {},
): void {
  for (const field of hiddenFields(meta, viewer)) {
    const value = input[columnOf(meta, field)];
    if (value !== undefined && !(creating && value === null))
      throw new AppError('FORBIDDEN', {
        details: { reason: `Your role may not set the ${(meta.fields[field]?.label ?? field).toLowerCase()}.` },
      });
  }
}

/** FORBIDDEN when a list is filtered or sorted by a field hidden from the viewer. */
export function refuseHiddenListing(meta: EntityMeta, viewer: Pick<Viewer, 'role'>, fields: readonly string[]): void {
  const hidden = hiddenFields(meta, viewer);
  const named = fields.find((field) => hidden.includes(field));
  if (named)
    throw new AppError('FORBIDDEN', {
      details: { reason: `Your role may not list by the ${(meta.fields[named]?.label ?? named).toLowerCase()}.` },
    });
}
