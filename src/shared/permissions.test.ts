import { describe, expect, it } from 'vitest';
import { apiKeyPermissions, can, isRole, permissions } from './permissions.ts';

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
