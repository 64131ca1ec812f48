import type { Config } from '../config.ts';
import type { PrismaClient } from './generated/sqlite/client.ts';
import type { PrismaClient as PostgresqlClient } from './generated/postgresql/client.ts';
import type { DatabaseOptions } from './database-options.ts';
import { type Engine, engineOf } from './engines.ts';
import { refusingRootClientInTransaction } from './root-client-guard.ts';

/**
 * The application's Prisma client. Both engines' clients come from the same models
 * and have the same API; the type is SQLite's, the narrower of the two, so code that
 * compiles runs on either (docs/decisions/0016-postgresql-and-scale-out.md).
 */
export type Database = PrismaClient;
export type { DatabaseOptions };

/** The engine of each client `openDatabase` opened. */
const engines = new WeakMap<Database, Engine>();

/**
 * Opens the database DATABASE_URL names, on the engine its scheme picks. Only that
 * engine's client and driver are loaded: the other's cost start-up time and memory
 * for nothing.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const engine = engineOf(options.databaseUrl);
  const db = refusingRootClientInTransaction(
    engine === 'sqlite'
      ? await (await import('./sqlite-database.ts')).openSqliteDatabase(options)
      : ((await import('./postgresql-database.ts')).openPostgresqlDatabase(options) as unknown as Database),
  );
  engines.set(db, engine);
  return db;
}

/** The options the server opens its database with, from its configuration. */
export function databaseOptionsFrom(config: Config, onConnectionWait?: (waitedMs: number) => void): DatabaseOptions {
  return {
    databaseUrl: config.DATABASE_URL,
    busyTimeoutMs: config.SQLITE_BUSY_TIMEOUT_MS,
    synchronous: config.SQLITE_SYNCHRONOUS,
    onConnectionWait,
    poolSize: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  };
}

/** The engine a client opened by `openDatabase` talks to. */
export function engineOfDatabase(db: Database): Engine {
  const engine = engines.get(db);
  // Guessing would send one engine's SQL to the other, and fail far from the cause.
  if (!engine) throw new Error('This database client was not opened by openDatabase: its engine is unknown.');
  return engine;
}

/** Which engine answers, and its version: `system.info` shows it to operators. */
export async function databaseEngine(db: Database): Promise<{ engine: Engine; version: string }> {
  const engine = engineOfDatabase(db);
  const version =
    engine === 'sqlite'
      ? await (await import('./sqlite-database.ts')).sqliteVersion(db)
      : await (await import('./postgresql-database.ts')).postgresqlVersion(db as unknown as PostgresqlClient);
  return { engine, version };
}
