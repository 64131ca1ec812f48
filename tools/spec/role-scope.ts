import type { EntityAction } from '../../src/shared/spec/permission-names.ts';
import type { EntityGrant, RoleSpec, Scope } from '../../src/shared/spec/roles.ts';

/** The scope a role has for one action on one entity's records, or null when it may not do it. */
export function scopeOf(role: RoleSpec, entity: string, action: EntityAction): Scope | null {
  if (role.can === 'everything') return 'all';
  const grant: Scope | EntityGrant | undefined = role.can[entity];
  if (grant === undefined) return null;
  return typeof grant === 'string' ? grant : (grant[action] ?? null);
}
