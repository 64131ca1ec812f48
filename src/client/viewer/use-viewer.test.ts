import { describe, expect, it } from 'vitest';
import { viewerCan, type Viewer } from './use-viewer.ts';

/** A viewer as `auth.viewer` answers it: the server lists every permission it grants (describe-viewer.test.ts). */
function viewer(role: string, permissions: Viewer['permissions']): Viewer {
  return { id: 'u1', name: 'Ada', email: 'ada@example.test', role, permissions };
}

describe('viewerCan', () => {
  it('allows what the server listed', () => {
    const admin = viewer('admin', ['read:users:any', 'read:sessions:own', 'manage:api-keys:any']);
    expect(viewerCan(admin, 'read:users:any')).toBe(true);
    expect(viewerCan(admin, 'manage:api-keys:any')).toBe(true);
  });

  it('denies what the server did not list, whatever the role', () => {
    expect(viewerCan(viewer('admin', ['read:sessions:own']), 'read:users:any')).toBe(false);
    expect(viewerCan(viewer('member', []), 'read:sessions:own')).toBe(false);
  });

  it('denies anyone signed out or not yet known', () => {
    expect(viewerCan(null, 'read:sessions:own')).toBe(false);
    expect(viewerCan(undefined, 'read:sessions:own')).toBe(false);
  });
});
