import { describe, expect, it } from 'vitest';
import { redirectSearch } from './redirect-search.ts';

describe('redirectSearch', () => {
  it('keeps a path on this site, with its search', () => {
    expect(redirectSearch({ redirect: '/mailbox?status=sent' })).toEqual({ redirect: '/mailbox?status=sent' });
  });

  it.each([
    ['another site', '//evil.example'],
    ['a URL', 'https://evil.example/account'],
    ['a backslash trick', '/\\evil.example'],
    ['a list', ['/account']],
    ['nothing', undefined],
  ])('drops %s', (_label, redirect) => {
    expect(redirectSearch({ redirect })).toEqual({});
  });

  it('ignores other search parameters', () => {
    expect(redirectSearch({ redirect: '/account', utm_source: 'mail' })).toEqual({ redirect: '/account' });
  });
});
