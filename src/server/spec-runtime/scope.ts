import { AppError } from '../../shared/errors.ts';
import { can, type Permission } from '../../shared/permissions.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import type { Scope } from '../../shared/spec/roles.ts';
import { entityPermission, type EntityAction } from '../../shared/spec/permission-names.ts';
import { specEntities } from '../../shared/generated/entities.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import type { Where } from './model-delegate.ts';
import { ownedWhere } from './ownership.ts';

/** The permission a procedure of `action` declares: `:own` at least (`:any` implies it). */
export function leastPermission(meta: EntityMeta, action: EntityAction): Permission {
  return entityPermission(meta.name, action, 'own') as Permission;
}

/**
 * Which records of `meta` the caller may `action`: every one (`{}`), or their own (the
 * ownership `where`); FORBIDDEN when they hold neither permission. An API key's scope
 * narrows its owner's role like everywhere else (`can`).
 */
export function scopeWhere(viewer: Viewer, meta: EntityMeta, action: EntityAction): Where {
  return scopeOf(viewer, meta, (scope) => entityPermission(meta.name, action, scope));
}

/**
 * The same for any permission spelled per scope (an entity action's, a state event's):
 * every record with its `:any`, the caller's own with its `:own`, else FORBIDDEN.
 */
export function scopeOf(viewer: Viewer, meta: EntityMeta, permission: (scope: Scope) => string): Where {
  const principal = { role: viewer.role, scope: viewer.scope };
  if (can(principal, permission('all') as Permission)) return {};
  const path = meta.ownership[viewer.role];
  if (path && can(principal, permission('own') as Permission))
    return ownedWhere(meta, path, viewer.userId, specEntities);
  throw new AppError('FORBIDDEN');
}
