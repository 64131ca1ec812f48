import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { productMessage } from './messages.ts';

/** The one message zod gives for `value` against `schema`, after the product's map. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('zod messages in the product’s words', () => {
  it('invalid_type: a missing value is required; a wrong kind says what to enter', () => {
    expect(messageOf(z.string(), undefined)).toBe('Required.');
    expect(messageOf(z.number(), 'x')).toBe('Enter a number.');
    expect(messageOf(z.bigint(), 'x')).toBe('Enter a whole number.');
    expect(messageOf(z.boolean(), 3)).toBe('Choose yes or no.');
    expect(messageOf(z.object({}), 3)).toBe('This value is not of the expected kind.');
  });

  it('too_big: numbers, strings, lists and dates', () => {
    expect(messageOf(z.number().max(365), 400)).toBe('Must be 365 or less.');
    expect(messageOf(z.number().lt(10), 10)).toBe('Must be less than 10.');
    expect(messageOf(z.string().max(3), 'abcd')).toBe('At most 3 characters.');
    expect(messageOf(z.string().max(1), 'ab')).toBe('At most 1 character.');
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Choose at most 2.');
    expect(messageOf(z.date().max(new Date('2026-01-01T00:00:00Z')), new Date('2027-01-01'))).toBe(
      'Must be on 2026-01-01 or before.',
    );
  });

  it('too_small: required text, lengths, counts and numbers', () => {
    expect(messageOf(z.string().min(1), '')).toBe('Required.');
    expect(messageOf(z.string().min(12), 'short')).toBe('At least 12 characters.');
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('Choose at least one.');
    expect(messageOf(z.array(z.string()).min(2), ['a'])).toBe('Choose at least 2.');
    expect(messageOf(z.number().min(1), 0)).toBe('Must be 1 or more.');
    expect(messageOf(z.number().positive(), 0)).toBe('Must be more than 0.');
    expect(messageOf(z.date().min(new Date('2026-01-01T00:00:00Z')), new Date('2025-01-01'))).toBe(
      'Must be on 2026-01-01 or after.',
    );
  });

  it('invalid_format: e-mail, url, date and any other pattern', () => {
    expect(messageOf(z.email(), 'nope')).toBe('Enter a valid e-mail address.');
    expect(messageOf(z.url(), 'nope')).toBe('Enter a full address starting with https://.');
    expect(messageOf(z.iso.date(), '2026-13-01')).toBe('Enter a date as YYYY-MM-DD.');
    expect(messageOf(z.string().regex(/^a$/), 'b')).toBe('This is not in the expected form.');
    expect(messageOf(z.string().startsWith('x'), 'b')).toBe('This is not in the expected form.');
  });

  it('not_multiple_of, unrecognized_keys, invalid_union, invalid_value, invalid_key, invalid_element, custom', () => {
    expect(messageOf(z.number().multipleOf(5), 7)).toBe('Must be a multiple of 5.');
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe(
      'This form has fields the server does not know. Reload the page and try again.',
    );
    expect(messageOf(z.union([z.literal('a'), z.literal('b')]), 'c')).toBe('Choose one of the options.');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Choose one of the options.');
    expect(messageOf(z.record(z.string().max(1), z.string()), { bb: 'x' })).toBe('One of the entries is not valid.');
    // zod reports a bad element of a set or map by the element's own issue; the code is mapped all the same.
    expect(productMessage({ code: 'invalid_element', origin: 'map', key: 'k', issues: [], input: 1 })).toBe(
      'One of the entries is not valid.',
    );
    expect(
      messageOf(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe('This value is not valid.');
  });

  it('a message the schema gives itself still wins', () => {
    expect(messageOf(z.string().min(1, 'Name it'), '')).toBe('Name it');
  });
});
