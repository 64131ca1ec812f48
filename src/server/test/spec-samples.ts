import { specEntities } from '../../shared/generated/entities.ts';
import type { EntityMeta, FieldMeta } from '../../shared/spec/entity-meta.ts';
import { inputSchema } from '../../shared/spec/entity-schemas.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import { createRecord, type RecordContext } from '../spec-runtime/records.ts';
import type { Row } from '../spec-runtime/model-delegate.ts';

/**
 * Valid records of any entity, built from its metadata alone, for the tests of the
 * runtime building blocks and (later) the generated tests: every field filled within
 * its bounds, unique ones made unique, and each `one` relation pointing at a sample of
 * its own, made first. An ownership path makes the record belong to a given user.
 */
let counter = 0;

/** The registry of entities, erased to their common shape. */
export const entityList: EntityMeta[] = Object.values(specEntities);

export function entityNamed(name: string): EntityMeta {
  const meta = entityList.find((entity) => entity.name === name);
  if (!meta) throw new Error(`No entity ${name}`);
  return meta;
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
      return '2026-03-10';
    case 'dateTime':
      return '2026-03-10T10:00';
    case 'relation':
      return undefined;
  }
}

/**
 * The form values of a new `meta` record; its relations point at fresh samples (made
 * with `ctx`), except along `owner.path`, which leads to `owner.userId`.
 */
export async function sampleValues(
  ctx: RecordContext,
  meta: EntityMeta,
  owner?: { path: readonly string[]; userId: string },
): Promise<Row> {
  counter += 1;
  const n = counter;
  const values: Row = {};
  for (const [name, field] of Object.entries(meta.fields)) {
    if (field.kind !== 'relation') {
      values[name] = sampleValue(field, n);
      continue;
    }
    if (field.cardinality !== 'one') continue;
    const owned = owner?.path[0] === name ? owner : undefined;
    if (field.to === 'user') {
      if (owned || !field.optional) values[field.column] = owned ? owned.userId : ctx.viewer.userId;
      continue;
    }
    if (!owned && field.optional) continue;
    const rest = owned ? { path: owned.path.slice(1), userId: owned.userId } : undefined;
    values[field.column] = (await createSample(ctx, entityNamed(field.to), rest)).id;
  }
  return values;
}

/** A stored sample record of `meta`, made through the runtime's create (so numbered, versioned). */
export async function createSample(
  ctx: RecordContext,
  meta: EntityMeta,
  owner?: { path: readonly string[]; userId: string },
): Promise<Row> {
  const input = inputSchema(meta).parse(await sampleValues(ctx, meta, owner)) as Row;
  return createRecord(ctx, meta, input);
}

/** The context the runtime needs from a test caller's services and viewer. */
export function recordContext(services: { db: RecordContext['db'] }, viewer: Viewer): RecordContext {
  return { db: services.db, viewer };
}
