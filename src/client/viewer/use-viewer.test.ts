import { describe, expect, it } from 'vitest';
import { roles } from '../../shared/permissions.ts';
import { viewerCan, type Viewer } from './use-viewer.ts';

function viewer(role: string, permissions: readonly string[]): Viewer {
  return { id: 'u1', name: 'Ada', email: 'ada@example.test', role, permissions: [...permissions] };
}

describe('viewerCan', () => {
  it('follows the role, with :any implying :own', () => {
    const admin = viewer('admin', roles.admin);
    expect(viewerCan(admin, 'read:users:any')).toBe(true);
    expect(viewerCan(admin, 'read:sessions:own')).toBe(true);
    // What no API key may hold, a person may: the admin screens offer managing keys.
    expect(viewerCan(admin, 'manage:api-keys:any')).toBe(true);

    const member = viewer('member', roles.member);
    expect(viewerCan(member, 'read:sessions:own')).toBe(true);
    expect(viewerCan(member, 'read:users:any')).toBe(false);
  });

  it('denies what the server did not list, even when the role would allow it', () => {
    expect(viewerCan(viewer('admin', ['read:sessions:own']), 'read:users:any')).toBe(false);
  });

  it('denies an unknown role, whatever it lists, and anyone signed out', () => {
    expect(viewerCan(viewer('owner', ['read:users:any']), 'read:users:any')).toBe(false);
    expect(viewerCan(null, 'read:sessions:own')).toBe(false);
    expect(viewerCan(undefined, 'read:sessions:own')).toBe(false);
  });
});
