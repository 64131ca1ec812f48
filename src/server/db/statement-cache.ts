import type BetterSqlite3 from 'better-sqlite3';

/** How many distinct SQL texts keep their prepared statement: Prisma's query shapes are few. */
export const STATEMENT_CACHE_SIZE = 200;

type Statement = BetterSqlite3.Statement;
type Args = unknown[];

/**
 * What Prisma's better-sqlite3 adapter does with `prepare(sql)`: binds the
 * arguments once, then runs it or reads every row in raw (array) mode.
 */
interface BoundStatement {
  readonly reader: boolean;
  run(): BetterSqlite3.RunResult;
  columns(): BetterSqlite3.ColumnDefinition[];
  raw(): { all(): unknown[] };
}

interface PreparedOnce {
  bind(args: Args): BoundStatement;
}

/** The part of a better-sqlite3 database the adapter calls `prepare` on. */
interface PreparingDatabase {
  prepare(sql: string): unknown;
}

/**
 * Prisma's adapter prepares its statement again on every query (11% of a
 * primary-key read's CPU, docs/decisions/0017-performance.md). SQLite statements can
 * be run again with new arguments, but better-sqlite3's `bind` fixes a statement's
 * arguments for good, so the cache hands out a light object that binds per call:
 * `bind(args)` keeps the arguments and passes them to `run`/`all` on the shared
 * statement. Every call completes synchronously, so one statement is never used by
 * two queries at once. SQLite re-prepares a cached statement by itself after a schema
 * change. The least recently used statement goes once `size` are held.
 */
export function cachingPrepare(database: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, Statement>();
  return (sql: string): PreparedOnce => {
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
    } else {
      statement = database.prepare(sql);
      const oldest = statements.keys().next();
      if (statements.size >= size && !oldest.done) statements.delete(oldest.value);
    }
    statements.set(sql, statement);
    return preparedOnce(statement);
  };
}

function preparedOnce(statement: Statement): PreparedOnce {
  return {
    bind: (args) => {
      let rows: unknown[] | undefined;
      const readRows = () => (rows ??= statement.raw(true).all(args));
      return {
        reader: statement.reader,
        run: () => statement.run(args),
        // The adapter asks for the columns before it reads. A statement prepared before
        // a schema change still names the old columns until it runs again (SQLite
        // re-prepares it then), so it runs first: names and rows come from one run.
        columns: () => {
          readRows();
          return statement.columns();
        },
        raw: () => ({ all: readRows }),
      };
    },
  };
}

/**
 * Gives Prisma's better-sqlite3 adapter (and the transactions it opens, which
 * share its `client`) cached statements. Other methods of the database (`exec`,
 * `pragma`, `close`) are untouched.
 */
export function reuseStatements<A extends object>(adapter: A): A {
  const holder = adapter as A & { client?: PreparingDatabase };
  const database = holder.client;
  if (!database || typeof database.prepare !== 'function') {
    throw new Error("reuseStatements: the adapter has no better-sqlite3 client (did Prisma's adapter change?)");
  }
  const prepare = cachingPrepare(database as BetterSqlite3.Database);
  holder.client = new Proxy(database, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return adapter;
}
