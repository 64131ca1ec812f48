import { AppError } from '../../shared/errors.ts';
import { can, type Permission } from '../../shared/permissions.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { entityPermission } from '../../shared/spec/permission-names.ts';
import type { RecordContext } from './records.ts';

/**
 * [6] The people a relation to a user may point at (a work order's technician), for the
 * callers who set it: holders of `create` or `update` on every record of the entity. Only
 * ids and names, of enabled accounts, and of the roles that "own" the entity through that
 * relation (spec/roles.ts `own: { WorkOrder: 'technician' }` makes it the technicians)
 * when any does; else of everyone. The foundation's user list stays for administrators.
 */
export interface Person {
  id: string;
  name: string;
}

/** The relations of `meta` to a user. */
export function userRelations(meta: EntityMeta): string[] {
  return Object.entries(meta.fields)
    .filter(([, field]) => field.kind === 'relation' && field.cardinality === 'one' && field.to === 'user')
    .map(([name]) => name);
}

/** The roles whose "own" of `meta` goes through `field` alone: the people the relation is for. */
export function rolesOwningThrough(meta: EntityMeta, field: string): string[] {
  return Object.entries(meta.ownership)
    .filter(([, path]) => path.length === 1 && path[0] === field)
    .map(([role]) => role);
}

const pageSize = 50;

export async function listPeople(
  ctx: RecordContext,
  meta: EntityMeta,
  input: { field: string; search?: string | null | undefined },
): Promise<Person[]> {
  const principal = { role: ctx.viewer.role, scope: ctx.viewer.scope };
  const sets = (['create', 'update'] as const).some((action) =>
    can(principal, entityPermission(meta.name, action, 'all') as Permission),
  );
  if (!sets || !userRelations(meta).includes(input.field)) throw new AppError('FORBIDDEN');
  const roles = rolesOwningThrough(meta, input.field);
  const search = input.search?.trim();
  return ctx.db.user.findMany({
    where: {
      disabled: false,
      ...(roles.length ? { role: { in: roles } } : {}),
      // SQLite's LIKE ignores ASCII case; PostgreSQL's names are matched as typed.
      ...(search ? { name: { contains: search } } : {}),
    },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    take: pageSize,
  });
}
