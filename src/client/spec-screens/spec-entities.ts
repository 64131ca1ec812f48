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

/** The entity a screen names, from the derived registries; throws for one the spec lacks (the validator refuses it). */
export function screenEntity(name: string | null): ScreenEntity {
  const meta = (specEntities as Record<string, EntityMeta>)[name ?? ''];
  if (!meta) throw new Error(`The specification has no entity ${String(name)}.`);
  const operations = (specOperations as Record<string, EntityOperations | undefined>)[meta.name];
  return { meta, operations: operations?.standard ?? [], list: listOptionsOf(operations) };
}

/** The metadata of a related entity, or null for 'user' (the foundation's accounts). */
export function relatedMeta(to: string): EntityMeta | null {
  return (specEntities as Record<string, EntityMeta>)[to] ?? null;
}
