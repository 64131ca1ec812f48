import { describe, expect, it } from 'vitest';
import { specEntities } from '../../shared/generated/entities.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { screenEntity } from './spec-entities.ts';

/** [6] Every field spec/roles.ts hides from a role (EntityMeta.hidden), as the screens see it. */
const cases = Object.values(specEntities as Record<string, EntityMeta>).flatMap((meta) =>
  Object.entries(meta.hidden).map(([role, fields]) => ({ entity: meta.name, role, fields })),
);

describe.skipIf(cases.length > 0)('screen entities', () => {
  it.skip('runs in the example leg: the product’s own spec/ hides no field from a role', () => undefined);
});

describe.runIf(cases.length > 0)('a screen shows a role only the fields it may see', () => {
  it.each(cases)('$entity without $fields for $role', ({ entity, role, fields }) => {
    const everything = screenEntity(entity);
    const seen = screenEntity(entity, role);
    for (const field of fields) {
      expect(Object.keys(everything.meta.fields)).toContain(field);
      // No column, no detail row, no form input, no search, filter or sort by it.
      expect(Object.keys(seen.meta.fields)).not.toContain(field);
      expect(seen.meta.searchable).not.toContain(field);
      expect(seen.list.filters).not.toContain(field);
      expect(seen.list.sort).not.toContain(field);
    }
    expect(Object.keys(seen.meta.fields)).toHaveLength(Object.keys(everything.meta.fields).length - fields.length);
    // The same object on every render, so the screens' memos hold.
    expect(screenEntity(entity, role)).toBe(seen);
  });
});
