import { describe, expect, it } from 'vitest';
import { specPermissions, specRoles } from './generated/permissions.ts';
import { permissionDescriptions, roleDescriptions } from './permission-descriptions.ts';
import {
  apiKeyPermissions,
  can,
  foundationPermissions,
  isApiKeyPermission,
  isRole,
  permissions,
  roleNames,
  roles,
  type Permission,
} from './permissions.ts';
import { roleSchema } from './schemas/admin.schema.ts';

describe('can', () => {
  it('grants an admin every permission', () => {
    for (const permission of permissions) expect(can({ role: 'admin' }, permission), permission).toBe(true);
  });

  it.each([
    ['read:sessions:own', true],
    ['revoke:sessions:own', true],
    ['read:sessions:any', false],
    ['read:users:any', false],
    ['update:users:any', false],
    ['manage:api-keys:any', false],
    ['read:system:any', false],
  ] as const)('a member: %s → %s', (permission, expected) => {
    expect(can({ role: 'member' }, permission)).toBe(expected);
  });

  it('lets :any imply :own for the same action and entity', () => {
    expect(can({ role: 'admin', scope: ['read:sessions:any'] }, 'read:sessions:own')).toBe(true);
  });

  it('denies by default: no principal, an unknown role', () => {
    expect(can(null, 'read:sessions:own')).toBe(false);
    expect(can(undefined, 'read:sessions:own')).toBe(false);
    expect(can({ role: 'superuser' }, 'read:sessions:own')).toBe(false);
    expect(can({ role: '__proto__' }, 'read:sessions:own')).toBe(false);
    expect(isRole('toString')).toBe(false);
  });

  it("narrows a role to an API key's scope, never widens it", () => {
    expect(can({ role: 'admin', scope: ['read:system:any'] }, 'read:system:any')).toBe(true);
    expect(can({ role: 'admin', scope: ['read:system:any'] }, 'read:users:any')).toBe(false);
    expect(can({ role: 'member', scope: ['read:users:any'] }, 'read:users:any')).toBe(false);
    expect(can({ role: 'admin', scope: [] }, 'read:system:any')).toBe(false);
  });

  it('never offers an API key the power to manage keys', () => {
    expect(apiKeyPermissions).not.toContain('manage:api-keys:any');
    expect(apiKeyPermissions).toEqual(permissions.filter((permission) => permission !== 'manage:api-keys:any'));
  });
});

// [6] The specification's roles and permissions (src/shared/generated/permissions.ts).
// The product's own spec declares none; in a copy compiled from an example
// (`npm run test:example`) the same tests check the example's.
describe("the specification's roles, beside admin and member", () => {
  const specRoleNames = Object.keys(specRoles);
  const heldBy = (role: string): readonly Permission[] => (isRole(role) ? roles[role] : []);

  it('adds its roles after the foundation’s, and its permissions after the foundation’s', () => {
    expect(roleNames).toEqual(['admin', 'member', ...specRoleNames]);
    expect(permissions).toEqual([...foundationPermissions, ...specPermissions]);
    if (!specRoleNames.length) expect(Object.keys(roles)).toEqual(['admin', 'member']);
  });

  it('lets the admin picker, its descriptions and the role schema offer every role', () => {
    expect(roleSchema.options).toEqual(roleNames);
    for (const role of roleNames) expect(roleDescriptions[role].trim(), role).not.toBe('');
    for (const permission of permissions) expect(permissionDescriptions[permission].trim(), permission).not.toBe('');
  });

  it("gives each spec role member's own-session permissions and none of the admin's", () => {
    for (const role of specRoleNames) {
      for (const permission of roles.member) expect(can({ role }, permission), `${role} ${permission}`).toBe(true);
      const adminOnly = foundationPermissions.filter((permission) => !heldBy('member').includes(permission));
      for (const permission of adminOnly) expect(can({ role }, permission), `${role} ${permission}`).toBe(false);
    }
  });

  it('resolves :own from :any for spec permissions, never :any from :own', () => {
    for (const role of specRoleNames) {
      const held = heldBy(role);
      for (const permission of specPermissions as readonly Permission[]) {
        const any = permission.replace(/:own$/, ':any') as Permission;
        const expected = permission.endsWith(':own')
          ? held.includes(permission) || held.includes(any)
          : held.includes(permission);
        expect(can({ role }, permission), `${role} ${permission}`).toBe(expected);
      }
    }
    // Without spec roles the same rule holds for the foundation's sessions.
    expect(can({ role: 'admin', scope: ['read:sessions:any'] }, 'read:sessions:own')).toBe(true);
    expect(can({ role: 'member' }, 'read:sessions:any')).toBe(false);
  });

  it("lets an API key hold spec permissions, narrowed to the key's scope", () => {
    for (const permission of specPermissions as readonly Permission[])
      expect(isApiKeyPermission(permission)).toBe(true);
    for (const role of specRoleNames)
      for (const permission of heldBy(role).filter((held) => (specPermissions as readonly string[]).includes(held))) {
        expect(can({ role, scope: [permission] }, permission), `${role} ${permission}`).toBe(true);
        expect(can({ role, scope: ['read:sessions:own'] }, permission), `${role} ${permission}`).toBe(false);
      }
  });
});
