import { describe, expect, it } from 'vitest';
import { hrefOf, isActive, matchPath } from './paths.ts';

const paths = ['/', '/mailbox', '/mailbox/:id', '/mailbox/templates', '/admin/users'] as const;

describe('matchPath', () => {
  it('opens the route of an address, with its :name values decoded', () => {
    expect(matchPath(paths, '/')).toEqual({ path: '/', params: {} });
    expect(matchPath(paths, '/mailbox/')).toEqual({ path: '/mailbox', params: {} });
    expect(matchPath(paths, '/mailbox/a%20b')).toEqual({ path: '/mailbox/:id', params: { id: 'a b' } });
  });

  it('prefers a fixed segment over a :name, whatever the order of the table', () => {
    expect(matchPath(paths, '/mailbox/templates')).toEqual({ path: '/mailbox/templates', params: {} });
  });

  it('opens nothing for an unknown address, a deeper one, or a value that cannot be decoded', () => {
    expect(matchPath(paths, '/nope')).toBeUndefined();
    expect(matchPath(paths, '/mailbox/1/2')).toBeUndefined();
    expect(matchPath(paths, '/mailbox/%E0%A4%A')).toBeUndefined();
  });
});

describe('hrefOf', () => {
  it('fills :name segments (encoded) and writes the defined search values', () => {
    expect(hrefOf('/mailbox/:id', { id: 'a/b' })).toBe('/mailbox/a%2Fb');
    expect(hrefOf('/mailbox', {}, { recipient: 'a@b.example', status: undefined })).toBe(
      '/mailbox?recipient=a%40b.example',
    );
    expect(hrefOf('/status')).toBe('/status');
  });

  it('refuses a path whose :name has no value', () => {
    expect(() => hrefOf('/mailbox/:id')).toThrow(':id');
  });
});

describe('isActive', () => {
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('marks a link current on its page and the pages below it; the home link only at home', () => {
    expect(isActive('/admin', at('/admin/users'))).toBe(true);
    expect(isActive('/admin', at('/administrators'))).toBe(false);
    expect(isActive('/', at('/'))).toBe(true);
    expect(isActive('/', at('/status'))).toBe(false);
  });

  it('exact: only the page itself', () => {
    expect(isActive('/mailbox', at('/mailbox/templates'), { exact: true })).toBe(false);
    expect(isActive('/mailbox', at('/mailbox/'), { exact: true })).toBe(true);
  });

  it("requires the link's search values unless told not to", () => {
    expect(isActive('/mailbox/templates?name=a', at('/mailbox/templates', '?name=a'))).toBe(true);
    expect(isActive('/mailbox/templates?name=a', at('/mailbox/templates', '?name=b'))).toBe(false);
    expect(isActive('/mailbox', at('/mailbox', '?status=sent'), { exact: true, includeSearch: false })).toBe(true);
  });
});
