import { specEntities } from '../../shared/generated/entities.ts';
import { specOperations } from '../../shared/generated/operations.ts';
import type { EntityOperations } from '../../shared/spec/calls.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { listOptionsOf, type ListOptions } from '../../shared/spec/list-input.ts';

/** An entity the screens show: its metadata, its standard operations and its list's options. */
export interface ScreenEntity {
  meta: EntityMeta;
  operations: readonly string[];
  list: ListOptions;
}

/** One per entity and role, so screens that memoise on the entity keep it across renders. */
const seen = new Map<string, ScreenEntity>();

/**
 * The entity a screen names, from the derived registries, as `role` may see it: the fields
 * spec/roles.ts hides from that role (EntityMeta.hidden) gone from its metadata and from
 * its list's search, filters and sorts, so no screen offers or draws them (the server
 * leaves them out and refuses them too). Throws for an entity the spec lacks (the
 * validator refuses a screen naming one).
 */
export function screenEntity(name: string | null, role: string | null = null): ScreenEntity {
  const key = `${String(name)}|${String(role)}`;
  const known = seen.get(key);
  if (known) return known;
  const meta = (specEntities as Record<string, EntityMeta>)[name ?? ''];
  if (!meta) throw new Error(`The specification has no entity ${String(name)}.`);
  const operations = (specOperations as Record<string, EntityOperations | undefined>)[meta.name];
  const list = listOptionsOf(operations);
  const hidden = role ? (meta.hidden[role] ?? []) : [];
  const shown = (field: string) => !hidden.includes(field);
  const entity: ScreenEntity = {
    meta: hidden.length
      ? {
          ...meta,
          fields: Object.fromEntries(Object.entries(meta.fields).filter(([field]) => shown(field))),
          searchable: meta.searchable.filter(shown),
        }
      : meta,
    operations: operations?.standard ?? [],
    list: hidden.length ? { ...list, filters: list.filters.filter(shown), sort: list.sort.filter(shown) } : list,
  };
  seen.set(key, entity);
  return entity;
}

/** The metadata of a related entity, or null for 'user' (the foundation's accounts). */
export function relatedMeta(to: string): EntityMeta | null {
  return (specEntities as Record<string, EntityMeta>)[to] ?? null;
}
