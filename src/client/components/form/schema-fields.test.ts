import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createRecordInputSchema } from '../../../shared/schemas/records.schema.ts';
import { fieldSchemaAt, textRulesOf } from './schema-fields.ts';

const nested = z.object({
  title: z.string().max(40).optional(),
  notes: z.string().max(500),
  address: z.object({ city: z.string().min(1).max(80) }).nullable(),
  items: z.array(z.object({ name: z.string().min(2) })).max(5),
  count: z.number().default(1),
});

describe('fieldSchemaAt', () => {
  it.each(['title', 'notes', 'address.city', 'items.0.name', 'count'])('finds %s', (path) => {
    expect(fieldSchemaAt(nested, path)).toBeDefined();
  });

  it.each(['', 'nope', 'address.street', 'items.first.name', 'notes.length', 'toString'])(
    'knows the form has no field %j',
    (path) => {
      expect(fieldSchemaAt(nested, path)).toBeUndefined();
    },
  );
});

describe('textRulesOf', () => {
  it("reads the shared record schema's bound, so the input stops where the server would", () => {
    expect(textRulesOf(createRecordInputSchema, 'name')).toEqual({ maxLength: 120, required: true });
  });

  it.each([
    ['title', { maxLength: 40, required: false }],
    ['notes', { maxLength: 500, required: false }],
    ['address.city', { maxLength: 80, required: true }],
    ['items.3.name', { required: true }],
    ['count', { required: false }],
    ['nope', { required: false }],
  ])('%s → %o', (path, rules) => {
    expect(textRulesOf(nested, path)).toEqual(rules);
  });
});
