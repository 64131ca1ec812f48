import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deriveValidInput } from './schema-seed.ts';

const derived = (schema: z.ZodType) => {
  const result = deriveValidInput(schema);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
};

describe('deriveValidInput', () => {
  it.each([
    ['a bounded, trimmed string', z.string().trim().min(3).max(5)],
    ['an e-mail address', z.email().max(40)],
    ['a URL', z.url()],
    ['a UUID', z.uuid()],
    ['an ISO date-time', z.iso.datetime()],
    ['a regular expression', z.string().regex(/^[a-z]{2}-\d{3}$/)],
    ['an integer in a range', z.number().int().min(7).max(9)],
    ['an exclusive bound', z.number().gt(1).lt(2)],
    ['a bigint', z.bigint().min(10n)],
    ['a date after a bound', z.date().min(new Date('2030-01-01'))],
    ['an enum', z.enum(['x', 'y'])],
    ['a literal', z.literal('only')],
    ['an array with a minimum', z.array(z.string().min(1)).min(2).max(3)],
    ['a tuple', z.tuple([z.string(), z.number()])],
    ['a record', z.record(z.string(), z.number())],
    ['a union', z.union([z.number().min(5).max(6), z.boolean()])],
    ['a discriminated union', z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') })])],
    ['an intersection', z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() }))],
    ['a default', z.number().int().min(3).default(4)],
    [
      'a pipe',
      z
        .string()
        .transform((value) => value.length)
        .pipe(z.number()),
    ],
    ['a map and a set', z.object({ map: z.map(z.string(), z.number()), set: z.set(z.string()) })],
    [
      'nested objects with optional and nullable fields',
      z.object({ a: z.object({ b: z.string().min(1).optional(), c: z.date().nullable() }), d: z.boolean() }),
    ],
  ])('makes a valid value of %s', (_name, schema) => {
    expect(schema.safeParse(derived(schema)).success).toBe(true);
  });

  it('fills optional fields, so the fuzzer can mutate them', () => {
    expect(derived(z.object({ honeypot: z.string().max(10).optional(), at: z.date().optional() }))).toEqual({
      honeypot: '',
      at: new Date('2026-01-01T00:00:00.000Z'),
    });
  });

  it('tries other candidates where a refinement refuses the first', () => {
    const schema = z.object({
      permissions: z
        .array(z.enum(['manage', 'read', 'write']))
        .min(1)
        .refine((chosen) => !chosen.includes('manage')),
    });
    expect(derived(schema)).toEqual({ permissions: ['read'] });
  });

  it('says so when no value it can make passes', () => {
    expect(deriveValidInput(z.string().refine(() => false))).toMatchObject({ ok: false });
    expect(deriveValidInput(z.custom<File>(() => false))).toMatchObject({ ok: false });
    expect(deriveValidInput(z.object({ id: z.string().refine((id) => id === 'one that exists') }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('object') as unknown,
    });
  });

  it('takes no input as a valid seed where the schema accepts none', () => {
    expect(deriveValidInput(z.void())).toEqual({ ok: true, value: undefined });
  });
});
