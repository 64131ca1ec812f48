import { describe, expect, it } from 'vitest';
import { limits } from '../shared/constants.ts';
import { tokenSchema } from '../shared/schemas/auth.schema.ts';
import { tokenSearch } from './token-search.ts';

describe('tokenSearch', () => {
  it.each([
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFAYi5jIn0.c2lnbmF0dXJl'],
    ['a reset token', 'aB3dE5gH7jK9mN1pQ3sT5vW7'],
    ['one character', 'x'],
    ['the longest allowed', 'x'.repeat(limits.tokenLength)],
    ['empty', ''],
    ['too long', 'x'.repeat(limits.tokenLength + 1)],
    // The address holds strings (router/search-params.ts); a reader still refuses anything else.
    ['a number', 123],
    ['a list', ['a', 'b']],
    ['missing', undefined],
  ])('agrees with the shared tokenSchema on %s', (_label, token) => {
    const expected = tokenSchema.safeParse(token);
    expect(tokenSearch(token === undefined ? {} : { token })).toEqual(expected.success ? { token: expected.data } : {});
  });

  it('ignores other search parameters', () => {
    expect(tokenSearch({ token: 'abc', utm_source: 'mail' })).toEqual({ token: 'abc' });
  });
});
