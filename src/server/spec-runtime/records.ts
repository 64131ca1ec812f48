import { AppError } from '../../shared/errors.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { selectOf } from '../../shared/spec/entity-schemas.ts';
import type { ListOptions } from '../../shared/spec/list-input.ts';
import { specEntities } from '../../shared/generated/entities.ts';
import type { Database } from '../db/client.ts';
import { engineOfDatabase } from '../db/client.ts';
import { inTransaction, type DatabaseClient } from '../db/transaction.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import type { EmailPort } from '../email/email-port.ts';
import { listWhere, pageAfter, type ErasedListInput } from './list-query.ts';
import { counterOf, modelOf, type Row, type Where } from './model-delegate.ts';
import { checkRules, rulesFor } from './rules.ts';
import { scopeWhere } from './scope.ts';
import { hiddenFields, refuseHiddenListing, refuseHiddenWrites, visibleRecord } from './visibility.ts';

/**
 * [7] The standard operations of every entity — list, get, create, update, archive —
 * as one implementation read from its metadata (docs/decisions/0029-spec-compiler.md).
 * Every read and write is narrowed by the caller's scope (scope.ts): a record outside it
 * is NOT_FOUND, as if it did not exist. Writes compare and set the version, so a change
 * made from a stale screen is refused (STALE_VERSION), never silently lost.
 */
export interface RecordContext {
  db: Database;
  viewer: Viewer;
  /** The e-mail port: state events queue their e-mails through it, in their transaction. */
  email: EmailPort;
}

/** A page of records and the cursor of the next. */
export interface RecordPage {
  items: Row[];
  nextCursor: string | null;
}

/** Stored values as the record schema reads them: Prisma's Decimal becomes its text ('12.5', never '1.25e+1'). */
export function toRecord(meta: EntityMeta, row: Row): Row {
  for (const [name, field] of Object.entries(meta.fields)) {
    const value = row[name] as { toFixed(): string } | null | undefined;
    if (field.kind === 'decimal' && value) row[name] = value.toFixed();
  }
  return row;
}

const andWhere = (...parts: Where[]): Where => ({ AND: parts.filter((part) => Object.keys(part).length > 0) });

export async function listRecords(
  ctx: RecordContext,
  meta: EntityMeta,
  options: ListOptions,
  input: ErasedListInput,
): Promise<RecordPage> {
  const scope = scopeWhere(ctx.viewer, meta, 'read');
  const model = modelOf(ctx.db, meta);
  const filtered = Object.entries(input.filters ?? {}).filter(([, value]) => value !== null && value !== undefined);
  refuseHiddenListing(meta, ctx.viewer, [...filtered.map(([name]) => name), ...(input.sort ? [input.sort.by] : [])]);
  const query = listWhere(meta, options, input, engineOfDatabase(ctx.db), hiddenFields(meta, ctx.viewer));
  const limit = input.limit ?? options.pageSize;
  let after: Where = {};
  if (input.cursor) {
    const cursorRow = await model.findFirst({
      where: andWhere({ id: input.cursor }, scope),
      select: { id: true, [query.sortColumn]: true },
    });
    // A cursor names a record of this list (archived ones stay): one that is not there is stale or made up.
    if (!cursorRow)
      throw new AppError('NOT_FOUND', {
        message: 'This page no longer exists: start from the first.',
        details: { cursor: input.cursor },
      });
    after = pageAfter(query, cursorRow);
  }
  const rows = await model.findMany({
    where: andWhere(scope, query.where, after),
    select: selectOf(meta),
    orderBy: query.orderBy,
    take: limit + 1,
  });
  const items = rows.slice(0, limit).map((row) => visibleRecord(meta, ctx.viewer, toRecord(meta, row)));
  return { items, nextCursor: rows.length > limit ? String(items.at(-1)?.id) : null };
}

export async function getRecord(ctx: RecordContext, meta: EntityMeta, id: string): Promise<Row> {
  const row = await modelOf(ctx.db, meta).findFirst({
    where: andWhere({ id }, scopeWhere(ctx.viewer, meta, 'read')),
    select: selectOf(meta),
  });
  if (!row) throw new AppError('NOT_FOUND', { details: { entity: meta.name, id } });
  return visibleRecord(meta, ctx.viewer, toRecord(meta, row));
}

/**
 * Each record an input points to must be one the caller may read: otherwise a
 * customer could attach someone else's vehicle to their own work order.
 */
async function checkReferences(client: DatabaseClient, viewer: Viewer, meta: EntityMeta, input: Row) {
  for (const [name, field] of Object.entries(meta.fields)) {
    if (field.kind !== 'relation' || field.cardinality !== 'one' || field.to === 'user') continue;
    const id = input[field.column];
    if (typeof id !== 'string') continue;
    const target = specEntities[field.to as keyof typeof specEntities] as EntityMeta | undefined;
    if (!target) continue;
    const found = await modelOf(client, target).findFirst({
      where: andWhere({ id }, scopeWhere(viewer, target, 'read')),
      select: { id: true },
    });
    if (!found) throw new AppError('NOT_FOUND', { details: { field: name, entity: target.name, id } });
  }
}

/** The next sequential number of an entity: 'WO-000124'. Taken in the creating transaction. */
async function nextNumber(client: DatabaseClient, meta: EntityMeta & { number: NonNullable<EntityMeta['number']> }) {
  const { value } = await counterOf(client).upsert({
    where: { entity: meta.name },
    create: { entity: meta.name, value: 1 },
    update: { value: { increment: 1 } },
    select: { value: true },
  });
  return `${meta.number.prefix}${String(value).padStart(meta.number.digits, '0')}`;
}

/** Refuses a write whose result falls outside the caller's scope (moving a record away from oneself). */
async function requireInScope(client: DatabaseClient, meta: EntityMeta, id: string, scope: Where) {
  if (Object.keys(scope).length === 0) return;
  const kept = await modelOf(client, meta).findFirst({ where: andWhere({ id }, scope), select: { id: true } });
  if (!kept)
    throw new AppError('FORBIDDEN', {
      details: { reason: `You may only keep ${meta.plural.toLowerCase()} of your own.` },
    });
}

export async function createRecord(ctx: RecordContext, meta: EntityMeta, input: Row): Promise<Row> {
  const scope = scopeWhere(ctx.viewer, meta, 'create');
  refuseHiddenWrites(meta, ctx.viewer, input, { creating: true });
  return inTransaction(ctx.db, async (tx) => {
    await checkReferences(tx, ctx.viewer, meta, input);
    const data: Row = { ...input };
    if (meta.number) data.number = await nextNumber(tx, { ...meta, number: meta.number });
    const created = await modelOf(tx, meta).create({ data, select: selectOf(meta) });
    await requireInScope(tx, meta, String(created.id), scope);
    await checkRules(tx, engineOfDatabase(ctx.db), meta, created, rulesFor(meta));
    return visibleRecord(meta, ctx.viewer, toRecord(meta, created));
  });
}

/**
 * Why a compare-and-set matched nothing: the record is not there for the caller
 * (NOT_FOUND), archived, outside the scope of this action (FORBIDDEN), or changed since
 * it was read (STALE_VERSION, with the version to reload).
 */
async function explainMiss(client: DatabaseClient, ctx: RecordContext, meta: EntityMeta, id: string, scope: Where) {
  const model = modelOf(client, meta);
  const visible = await model.findFirst({
    where: andWhere({ id }, scopeWhere(ctx.viewer, meta, 'read')),
    select: { version: true, archivedAt: true },
  });
  if (!visible) return new AppError('NOT_FOUND', { details: { entity: meta.name, id } });
  if (visible.archivedAt !== null)
    return new AppError('CONFLICT', {
      message: `This ${meta.label.toLowerCase()} is archived: it can no longer change.`,
    });
  const inScope = await model.findFirst({ where: andWhere({ id }, scope), select: { id: true } });
  if (!inScope) return new AppError('FORBIDDEN');
  return new AppError('STALE_VERSION', { details: { currentVersion: visible.version } });
}

/** Sets `data` on the record at `version`, raising it by one, or explains why not. */
async function compareAndSet(
  ctx: RecordContext,
  meta: EntityMeta,
  action: 'update' | 'archive',
  target: { id: string; version: number },
  data: Row,
): Promise<Row> {
  const scope = scopeWhere(ctx.viewer, meta, action);
  return inTransaction(ctx.db, async (tx) => {
    if (action === 'update') await checkReferences(tx, ctx.viewer, meta, data);
    const model = modelOf(tx, meta);
    const { count } = await model.updateMany({
      where: andWhere({ id: target.id, version: target.version, archivedAt: null }, scope),
      data: { ...data, version: { increment: 1 } },
    });
    if (count === 0) throw await explainMiss(tx, ctx, meta, target.id, scope);
    await requireInScope(tx, meta, target.id, scope);
    const row = await model.findFirst({ where: { id: target.id }, select: selectOf(meta) });
    if (!row) throw new AppError('NOT_FOUND', { details: { entity: meta.name, id: target.id } });
    if (action === 'update') await checkRules(tx, engineOfDatabase(ctx.db), meta, row, rulesFor(meta));
    return visibleRecord(meta, ctx.viewer, toRecord(meta, row));
  });
}

export function updateRecord(ctx: RecordContext, meta: EntityMeta, input: Row): Promise<Row> {
  const { id, version, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  refuseHiddenWrites(meta, ctx.viewer, changes);
  return compareAndSet(ctx, meta, 'update', { id: String(id), version: Number(version) }, changes);
}

export function archiveRecord(ctx: RecordContext, meta: EntityMeta, target: { id: string; version: number }) {
  return compareAndSet(ctx, meta, 'archive', target, { archivedAt: new Date() });
}
