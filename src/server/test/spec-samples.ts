import { specEntities } from '../../shared/generated/entities.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { columnOf, inputSchema } from '../../shared/spec/entity-schemas.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import { createRecord, type RecordContext } from '../spec-runtime/records.ts';
import { modelOf, type Row } from '../spec-runtime/model-delegate.ts';
import { sampleValue } from './sample-value.ts';

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
export function recordContext(services: Pick<RecordContext, 'db' | 'email'>, viewer: Viewer): RecordContext {
  return { db: services.db, email: services.email, viewer };
}

/** Writes stored values straight into a record (no rules, no version change): a test's setup. */
export async function setStored(db: RecordContext['db'], meta: EntityMeta, id: unknown, data: Row): Promise<void> {
  await modelOf(db, meta).updateMany({ where: { id }, data });
}

/**
 * Stored values for an event's required fields a sample leaves empty (optional
 * relations): a relation to a user gets `userId`, one to an entity a fresh sample.
 */
export async function requiredValues(ctx: RecordContext, meta: EntityMeta, record: Row, requires: readonly string[]) {
  const values: Row = {};
  for (const field of requires) {
    const column = columnOf(meta, field);
    if (record[column] !== null && record[column] !== undefined) continue;
    const found = meta.fields[field];
    if (found?.kind === 'relation' && found.cardinality === 'one')
      values[column] = found.to === 'user' ? ctx.viewer.userId : (await createSample(ctx, entityNamed(found.to))).id;
  }
  return values;
}
