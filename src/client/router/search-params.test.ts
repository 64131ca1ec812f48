import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params.ts';

describe('search values in the address', () => {
  it('are read as plain strings, never JSON', () => {
    expect(parseSearch('?token=abc&page=2&flag=true&quoted=%22x%22')).toEqual({
      token: 'abc',
      page: '2',
      flag: 'true',
      quoted: '"x"',
    });
    expect(parseSearch('')).toEqual({});
  });

  it('are written unquoted, leaving out missing values', () => {
    expect(stringifySearch({ token: 'abc', page: 2, missing: undefined, none: null })).toBe('?token=abc&page=2');
    expect(stringifySearch({})).toBe('');
  });

  it('survive a round trip', () => {
    const search = { recipient: 'a@b.example', status: 'sent', redirect: '/mailbox?status=sent' };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });
});
