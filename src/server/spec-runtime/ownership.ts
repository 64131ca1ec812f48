import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import type { Where } from './model-delegate.ts';

/**
 * [6] "Own" as a `where` clause: the role's path from a record to the caller's user
 * (EntityMeta.ownership, from spec/roles.ts `own`), e.g. WorkOrder by the customer role:
 * ['customer', 'user'] → `{ customer: { is: { userId } } }`. Every read and write of an
 * `own` scope goes through it, so a record of someone else is never found.
 */
export function ownedWhere(
  meta: EntityMeta,
  path: readonly string[],
  userId: string,
  entities: Readonly<Record<string, EntityMeta>>,
): Where {
  const [head, ...rest] = path;
  const field = head === undefined ? undefined : meta.fields[head];
  if (head === undefined || field?.kind !== 'relation' || field.cardinality !== 'one')
    throw new Error(`${meta.name}: the ownership path ${path.join('.')} does not follow one-relations.`);
  if (rest.length === 0) {
    if (field.to !== 'user') throw new Error(`${meta.name}.${head}: an ownership path ends at a user.`);
    return { [field.column]: userId };
  }
  const next = entities[field.to];
  if (!next) throw new Error(`${meta.name}.${head}: no entity ${field.to}.`);
  return { [head]: { is: ownedWhere(next, rest, userId, entities) } };
}
