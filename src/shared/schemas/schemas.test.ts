import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unboundedPaths } from './bounded.ts';

const modules = import.meta.glob<Record<string, unknown>>('./*.schema.ts', { eager: true });
const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.slice(2)}#${name}`, schema })),
);

describe('shared schemas', () => {
  it('are found', () => {
    expect(schemas.length).toBeGreaterThan(5);
  });

  it.each(schemas)('$name bounds every string and array', ({ schema }) => {
    expect(unboundedPaths(schema)).toEqual([]);
  });
});

describe('unboundedPaths', () => {
  it('finds an unbounded string, array or record however deep it sits', () => {
    const loose = z.object({
      ok: z.string().max(5),
      name: z.string(),
      tags: z.array(z.string().max(5)),
      nested: z.object({ notes: z.string().optional() }).nullable(),
      meta: z.record(z.string(), z.string()),
    });
    expect(unboundedPaths(loose)).toEqual(['$.name', '$.tags', '$.nested.notes', '$.meta (record)']);
  });
});
