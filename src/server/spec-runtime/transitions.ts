import { AppError } from '../../shared/errors.ts';
import type { Permission } from '../../shared/permissions.ts';
import type { EntityMeta, EventMeta } from '../../shared/spec/entity-meta.ts';
import { columnOf, selectOf } from '../../shared/spec/entity-schemas.ts';
import { eventPermission } from '../../shared/spec/permission-names.ts';
import { engineOfDatabase } from '../db/client.ts';
import { inTransaction, type TransactionClient } from '../db/transaction.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import { refuseHiddenWrites, visibleRecord } from './visibility.ts';
import { modelOf, type Row, type Where } from './model-delegate.ts';
import { getRecord, toRecord, type RecordContext } from './records.ts';
import { checkRules, rulesFor } from './rules.ts';
import { scopeOf } from './scope.ts';
import { queueEventEmails } from './spec-emails.ts';

/**
 * [4] A state event: compare-and-set on the record's state and version, the fields the
 * event requires set and checked, its guards and the entity's rules checked, and one
 * history row (SpecTransition) with the actor and the note, all in one transaction.
 */
export interface EventInput {
  id: string;
  version: number;
  note?: string | null;
  /** Values for the event's `requires` fields, by column. */
  [column: string]: unknown;
}

/** The permission an event's procedure declares: `:own` at least (`:any` implies it). */
export function leastEventPermission(meta: EntityMeta, event: string): Permission {
  return eventPermission(meta.name, event, 'own') as Permission;
}

function requireValues(meta: EntityMeta, event: EventMeta, name: string, row: Row) {
  const missing = event.requires.filter((field) => {
    const value = row[columnOf(meta, field)];
    return value === null || value === undefined || value === '';
  });
  if (missing.length)
    throw new AppError('VALIDATION_FAILED', {
      fieldErrors: Object.fromEntries(
        missing.map((field) => [columnOf(meta, field), [`Required to ${event.label.toLowerCase()}.`]]),
      ),
      details: { event: name },
    });
}

async function writeHistory(
  tx: TransactionClient,
  viewer: Viewer,
  entry: { entity: string; recordId: string; event: string; fromState: string; toState: string; note: string | null },
) {
  const history = (tx as unknown as Record<string, { create(args: { data: Row }): Promise<unknown> }>).specTransition;
  if (!history)
    throw new Error('The Prisma client has no SpecTransition model: run npm run spec and npm run db:generate.');
  await history.create({ data: { ...entry, actorId: viewer.userId, actorName: viewer.name } });
}

export async function fireEvent(ctx: RecordContext, meta: EntityMeta, name: string, input: EventInput): Promise<Row> {
  const event = meta.states?.events[name];
  if (!event) throw new AppError('NOT_FOUND', { details: { event: name } });
  // Which records the caller may fire it on: all, their own, or none (FORBIDDEN).
  const scope = scopeOf(ctx.viewer, meta, (scope) => eventPermission(meta.name, name, scope));
  const { id, version, note, ...values } = input;
  const changes = Object.fromEntries(
    event.requires
      .map((field) => [columnOf(meta, field), values[columnOf(meta, field)]] as const)
      .filter(([, value]) => value !== undefined),
  );
  refuseHiddenWrites(meta, ctx.viewer, changes);
  return inTransaction(ctx.db, async (tx) => {
    const model = modelOf(tx, meta);
    const current = await model.findFirst({ where: { AND: [{ id }, scope] }, select: selectOf(meta) });
    if (!current) throw new AppError('NOT_FOUND', { details: { entity: meta.name, id } });
    if (current.archivedAt !== null)
      throw new AppError('CONFLICT', {
        message: `This ${meta.label.toLowerCase()} is archived: it can no longer change.`,
      });
    if (current.version !== version)
      throw new AppError('STALE_VERSION', { details: { currentVersion: current.version } });
    const from = String(current.state);
    if (!event.from.includes(from))
      throw new AppError('INVALID_TRANSITION', {
        message: `“${event.label}” is not possible while it is ${from.replaceAll('_', ' ')}.`,
        details: { state: from, event: name },
      });
    const next: Row = { ...current, ...changes, state: event.to };
    requireValues(meta, event, name, next);
    const { count } = await model.updateMany({
      where: { id, version, state: from },
      data: { ...changes, state: event.to, version: { increment: 1 } },
    });
    if (count === 0) throw new AppError('STALE_VERSION', { details: { currentVersion: version + 1 } });
    const row = await model.findFirst({ where: { id }, select: selectOf(meta) });
    if (!row) throw new AppError('NOT_FOUND', { details: { entity: meta.name, id } });
    await checkRules(tx, engineOfDatabase(ctx.db), meta, row, rulesFor(meta, event.guards));
    await writeHistory(tx, ctx.viewer, {
      entity: meta.name,
      recordId: id,
      event: name,
      fromState: from,
      toState: event.to,
      note: note?.trim() ? note.trim() : null,
    });
    await queueEventEmails(tx, ctx.email, meta, name, id, version + 1);
    return visibleRecord(meta, ctx.viewer, toRecord(meta, row));
  });
}

/** One transition as the history shows it. */
export interface TransitionRow {
  id: string;
  event: string;
  fromState: string;
  toState: string;
  actorId: string | null;
  actorName: string;
  note: string | null;
  at: Date;
}

/** A record's transitions, oldest first, if the caller may read the record. */
export async function listTransitions(ctx: RecordContext, meta: EntityMeta, id: string): Promise<TransitionRow[]> {
  await getRecord(ctx, meta, id);
  const history = (
    ctx.db as unknown as Record<
      string,
      { findMany(args: { where: Where; orderBy: Row[]; take: number }): Promise<TransitionRow[]> }
    >
  ).specTransition;
  if (!history)
    throw new Error('The Prisma client has no SpecTransition model: run npm run spec and npm run db:generate.');
  return history.findMany({
    where: { entity: meta.name, recordId: id },
    orderBy: [{ at: 'asc' }, { id: 'asc' }],
    take: 1000,
  });
}
