import { describe, expect, it } from 'vitest';
import { permissions, roles } from '../../../shared/permissions.ts';
import { describeViewer } from './auth.service.ts';
import type { Viewer } from './viewer.ts';

function person(role: string, scope: Viewer['scope'] = null): Viewer {
  return {
    userId: 'u1',
    name: 'Ada',
    email: 'ada@example.test',
    role,
    via: scope ? 'api-key' : 'session',
    sessionId: null,
    scope,
    apiKey: scope ? { id: 'key-1', name: 'nightly' } : null,
  };
}

// The browser hides what the server did not list (src/client/viewer/use-viewer.ts) and has no role table of its own.
describe('describeViewer lists every permission the caller holds', () => {
  it('an administrator: all of them', () => {
    expect(describeViewer(person('admin')).permissions).toEqual([...permissions]);
  });

  it('a member: their own sessions, nothing of anyone else', () => {
    expect(describeViewer(person('member')).permissions).toEqual([...roles.member]);
    expect(describeViewer(person('member')).permissions).not.toContain('read:users:any');
  });

  it('an API key: what both its scope and its owner allow, with :any implying :own', () => {
    const listed = describeViewer(person('admin', ['read:sessions:any'])).permissions;
    expect(listed).toEqual(['read:sessions:own', 'read:sessions:any']);
    expect(describeViewer(person('member', ['read:users:any'])).permissions).toEqual([]);
  });

  it('an unknown role: nothing', () => {
    expect(describeViewer(person('owner')).permissions).toEqual([]);
  });
});
