import { ColumnTypeEnum, isDriverAdapterError, type ColumnType } from '@prisma/driver-adapter-utils';
import type { z } from 'zod';
import { connectionOf, type Database, engineOfDatabase } from './client.ts';
import type { Prisma } from './generated/sqlite/client.ts';
import { currentClient, type DatabaseClient } from './transaction.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A model's scalar fields and their types, as Prisma's client returns them. */
type ScalarsOf<M extends Prisma.ModelName> = Prisma.TypeMap['model'][M]['payload']['scalars'];

export interface PrimaryKeyReadSpec<M extends Prisma.ModelName, C extends keyof ScalarsOf<M> & string> {
  /** The model, whose table has its name: prisma/models.prisma maps no names (@map, @@map). */
  model: M;
  /** The fields read: the compiler holds them to the model's scalar fields. */
  columns: readonly C[];
  /** The row as the procedure returns it, typed by the model's fields; every read is parsed with it. */
  row: z.ZodType<NoInfer<Pick<ScalarsOf<M>, C>>>;
  /**
   * The same read through Prisma's client. It answers inside a transaction (which
   * must see its own writes, on its own connection), before Prisma has connected, and
   * whenever the driver fails, so failures reach the error edge as Prisma's errors
   * do. The tests hold the two paths equal.
   */
  viaPrisma: (client: DatabaseClient, id: string) => Promise<NoInfer<Pick<ScalarsOf<M>, C>> | null>;
}

/** One row by primary key, or null. */
export type PrimaryKeyRead<Row> = (db: Database, id: string) => Promise<Row | null>;

/**
 * A read of one row by its primary key that skips Prisma's query builder: one SQL
 * statement on the connection Prisma itself uses, prepared once (SQLite reuses it:
 * statement-cache.ts), its row converted by column type and parsed by `row`.
 * Through Prisma's client the same read cost 130–160 µs more CPU per request (serializing
 * the query, planning, interpreting the plan, mapping the result;
 * docs/decisions/0017-performance.md). For the few reads a specification makes hot;
 * everything else stays on the client.
 */
export function primaryKeyRead<M extends Prisma.ModelName, C extends keyof ScalarsOf<M> & string>({
  model: table,
  columns,
  row,
  viaPrisma,
}: PrimaryKeyReadSpec<M, C>): PrimaryKeyRead<Pick<ScalarsOf<M>, C>> {
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`primaryKeyRead: "${name}" is not a plain identifier.`);
  }
  const list = columns.map((column) => `"${column}"`).join(', ');
  const sql = {
    sqlite: `SELECT ${list} FROM "${table}" WHERE "id" = ? LIMIT 1`,
    postgresql: `SELECT ${list} FROM "${table}" WHERE "id" = $1 LIMIT 1`,
  };
  return async (db, id) => {
    const connection = connectionOf(db);
    const client = currentClient(db);
    if (!connection || client !== db) return viaPrisma(client, id);
    let result;
    try {
      result = await connection.queryRaw({
        sql: sql[engineOfDatabase(db)],
        args: [id],
        argTypes: [{ scalarType: 'string', arity: 'scalar' }],
      });
    } catch (error) {
      // A busy file, a lost connection: Prisma's client meets the same and names it, in
      // the errors the edge maps. Anything else is a bug here, and surfaces as one.
      if (isDriverAdapterError(error)) return viaPrisma(db, id);
      throw error;
    }
    const [values] = result.rows;
    if (!values) return null;
    const record: Record<string, unknown> = {};
    for (const [index, name] of result.columnNames.entries()) {
      record[name] = fromColumn(values[index], result.columnTypes[index]);
    }
    const parsed = row.safeParse(record);
    // The table and the schema disagree: a programming error, never the caller's input.
    if (!parsed.success) throw new Error(`primaryKeyRead(${table}): the row does not match its schema.`);
    return parsed.data;
  };
}

/** What Prisma's client makes of a driver value, for the scalar types the models use. */
function fromColumn(value: unknown, type: ColumnType | undefined): unknown {
  if (value === null) return null;
  if (type === ColumnTypeEnum.DateTime) return new Date(value as string);
  // SQLite keeps booleans as 0 and 1.
  if (type === ColumnTypeEnum.Boolean) return typeof value === 'boolean' ? value : Number(value) === 1;
  return value;
}
