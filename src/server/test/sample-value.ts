import type { FieldMeta } from '../../shared/spec/entity-meta.ts';

/*
 * Valid form values for one field of any entity, from its metadata alone: what the
 * runtime's tests (spec-samples.ts) and the screens' smoke journeys (e2e/spec-screens.spec.ts)
 * type into a record. No imports beyond types, so the browser tests can load it.
 */

/**
 * A Tuesday, a week later for each sample: at 10:00 on a working day, and never on the
 * same day as another sample's, so samples do not trip a time-window, overlap or
 * per-day rule by accident (a test that means to, sets the time itself).
 */
export function sampleDay(n: number): string {
  const day = new Date(Date.UTC(2026, 2, 10 + 7 * n));
  return day.toISOString().slice(0, 10);
}

/** What a form would send for one field (before its codecs run), unique where it must be. */
export function sampleValue(field: FieldMeta, n: number): unknown {
  switch (field.kind) {
    case 'string': {
      // The number first, so a short maximum still leaves it unique.
      return `S${n} sample`.padEnd(field.min, 'x').slice(0, field.max);
    }
    case 'text':
      return `Some text ${n}`.slice(0, field.max);
    case 'email':
      return `sample-${n}@example.test`;
    case 'phone':
      return '+31 20 123 4567';
    case 'int':
      return field.min;
    case 'money':
      return '12';
    case 'decimal':
      return field.scale > 0 ? '1.5' : '1';
    case 'boolean':
      return true;
    case 'enum':
      return field.values[0];
    case 'date':
      return sampleDay(n);
    case 'dateTime':
      return `${sampleDay(n)}T10:00`;
    case 'relation':
      return undefined;
  }
}
