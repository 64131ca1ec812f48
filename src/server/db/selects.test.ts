import { describe, expect, it } from 'vitest';
import { publicUserSchema } from '../../shared/schemas/user.schema.ts';
import { publicUserSelect } from './selects.ts';

describe('explicit selects mirror the shared schemas', () => {
  it.each([['User', publicUserSelect, publicUserSchema]] as const)(
    '%s: the select names exactly the fields of its zod mirror',
    (_entity, select, schema) => {
      expect(Object.keys(select).sort()).toEqual(Object.keys(schema.shape).sort());
    },
  );
});
