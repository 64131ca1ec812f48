import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import type { MigrationRecord } from './applied-migrations.ts';
import type { DatabaseOptions } from './database-options.ts';
import { engineOf } from './engines.ts';

const HISTORY = 'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations';

/**
 * Every row of the schema engine's history table, read at start-up through the driver
 * adapter alone, before the app's Prisma client exists; empty when the table does not
 * exist yet. The client is then opened once, after any migration: a Prisma client that
 * connects a second time in one process (after `$disconnect`, or a second client)
 * compiles its query compiler's WebAssembly again, which on a first start peaked V8's
 * malloc at tens of MiB that glibc then kept.
 */
export async function readMigrationHistory(options: DatabaseOptions): Promise<MigrationRecord[]> {
  let adapter: SqlDriverAdapter | undefined;
  try {
    adapter = await connect(options);
    const { rows } = await adapter.queryRaw({ sql: HISTORY, args: [], argTypes: [] });
    return rows.map(([name, checksum, finished, rolledBack]) => ({
      name: String(name),
      checksum: String(checksum),
      finished: finished !== null,
      rolledBack: rolledBack !== null,
    }));
  } catch (error) {
    if (causeOf(error)?.kind === 'TableDoesNotExist') return [];
    throw new Error(`Could not read the database's migration history: ${describe(error)}`, { cause: error });
  } finally {
    await adapter?.dispose();
  }
}

/** One connection, with the settings of the app's client. */
async function connect(options: DatabaseOptions) {
  if (engineOf(options.databaseUrl) === 'sqlite') {
    return (await import('./sqlite-database.ts')).sqliteDriverAdapter(options).connect();
  }
  return (await import('./postgresql-database.ts')).postgresqlDriverAdapter({ ...options, poolSize: 1 }).connect();
}

interface DriverCause {
  kind?: string;
  originalCode?: string;
  originalMessage?: string;
  host?: string;
  port?: number;
}

/** The adapter's DriverAdapterError keeps the driver's error as `cause`, with a `kind`. */
function causeOf(error: unknown): DriverCause | undefined {
  if (!(error instanceof Error) || error.name !== 'DriverAdapterError') return undefined;
  return error.cause as DriverCause | undefined;
}

/** In the driver's words where it gave some: the adapter's own message is only the kind. */
function describe(error: unknown): string {
  const cause = causeOf(error);
  if (cause?.originalMessage) return `${cause.originalMessage} (${cause.originalCode ?? String(cause.kind)})`;
  if (cause?.kind === 'DatabaseNotReachable') return `can't reach database server at ${cause.host}:${cause.port}`;
  if (cause) return JSON.stringify(cause);
  return error instanceof Error ? error.message : String(error);
}
