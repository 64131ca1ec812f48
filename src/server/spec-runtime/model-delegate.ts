import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import type { DatabaseClient } from '../db/transaction.ts';

/**
 * The part of a Prisma model delegate the runtime building blocks use, for any entity.
 * The specification's models exist only in a compiled project, so the product's own
 * Prisma client has no `workOrder` to type against: the one cast lives here, and the
 * derived selects (src/server/generated/selects.ts, `satisfies Prisma.<Model>Select`)
 * and the record schemas check what comes back.
 */
export type Row = Record<string, unknown>;
export type Where = Record<string, unknown>;
export type Select = Readonly<Record<string, true>>;
type Order = Record<string, 'asc' | 'desc' | { sort: 'asc' | 'desc'; nulls: 'first' | 'last' }>;

export interface ModelDelegate {
  findFirst(args: { where: Where; select: Select | Readonly<Record<string, unknown>> }): Promise<Row | null>;
  findMany(args: { where: Where; select: Select; orderBy?: Order[]; take?: number }): Promise<Row[]>;
  count(args: { where: Where }): Promise<number>;
  create(args: { data: Row; select: Select }): Promise<Row>;
  updateMany(args: { where: Where; data: Row }): Promise<{ count: number }>;
}

interface CounterDelegate {
  upsert(args: {
    where: { entity: string };
    create: { entity: string; value: number };
    update: { value: { increment: number } };
    select: { value: true };
  }): Promise<{ value: number }>;
}

/** `db.workOrder` for the WorkOrder entity. */
export function modelOf(client: DatabaseClient, meta: EntityMeta): ModelDelegate {
  const delegate = (client as unknown as Record<string, ModelDelegate | undefined>)[meta.model];
  if (!delegate)
    throw new Error(`The Prisma client has no model ${meta.name}: run npm run spec and npm run db:generate.`);
  return delegate;
}

/** The SpecCounter table's delegate (emitted with the first entity that has a number). */
export function counterOf(client: DatabaseClient): CounterDelegate {
  const delegate = (client as unknown as Record<string, CounterDelegate | undefined>).specCounter;
  if (!delegate)
    throw new Error('The Prisma client has no SpecCounter model: run npm run spec and npm run db:generate.');
  return delegate;
}
