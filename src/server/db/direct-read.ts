import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './client.ts';
import { engineOfDatabase } from './client.ts';
import type { SqliteConnection } from './one-connection.ts';
import { currentClient, transactionOpenOn } from './transaction.ts';

/** A fixed statement for both engines: its text around the parameters, and SQLite's with `?` for each. */
export interface DirectStatement {
  strings: TemplateStringsArray;
  sqlite: string;
}

/**
 * Declares a direct read as a tagged template; what stands in each `${}` only names the
 * parameter (the values come with each read, in order). Quoted identifiers, as Prisma's
 * migrations create them, read the same on both engines.
 */
export function directStatement(strings: TemplateStringsArray, ..._parameterNames: string[]): DirectStatement {
  return { strings, sqlite: strings.join('?') };
}

const sqliteConnections = new WeakMap<Database, SqliteConnection>();
const preparedOn = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

/** Called by sqlite-database.ts each time Prisma opens its connection. */
export function registerSqliteConnection(db: Database, connection: SqliteConnection): void {
  sqliteConnections.set(db, connection);
}

function prepared(database: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let statements = preparedOn.get(database);
  if (!statements) {
    statements = new Map<string, BetterSqlite3.Statement>();
    preparedOn.set(database, statements);
  }
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = database.prepare(sql)));
  return statement;
}

/**
 * The first row a fixed SQL text answers, or undefined: for the reads every request
 * makes (the caller's session), where Prisma's query engine costs several times the
 * statement itself (docs/decisions/0036-signed-in-read-path.md).
 *
 * On SQLite the statement is prepared once on Prisma's own connection and run there
 * synchronously. A transaction open on that connection (one-connection.ts) would show
 * its uncommitted rows, so the read then waits for the lock as any query does, unless
 * the calling code is that transaction, which reads its own rows as its client would.
 * On PostgreSQL it is one raw query through Prisma's pool (the transaction's client
 * inside one): the round trip dominates there, and a second pool would need its own
 * share of max_connections.
 */
export async function readRow<T>(db: Database, statement: DirectStatement, args: unknown[]): Promise<T | undefined> {
  if (engineOfDatabase(db) === 'postgresql') {
    const rows = await currentClient(db).$queryRaw<T[]>(statement.strings, ...args);
    return rows[0];
  }
  let connection = sqliteConnections.get(db);
  if (!connection?.database.open) {
    // Not connected yet, or disconnected: Prisma opens its connection again, and registers it.
    await db.$connect();
    connection = sqliteConnections.get(db);
    if (!connection?.database.open) throw new Error('The SQLite connection could not be reached for a direct read.');
  }
  const { database } = connection;
  const read = () => prepared(database, statement.sqlite).get(...args) as T | undefined;
  if (!database.inTransaction || transactionOpenOn(db)) return read();
  return connection.lock.run(async () => read());
}
