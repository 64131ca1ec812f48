import type { Database } from './client.ts';
import type { LocalMigration } from './migration-folder.ts';

/** True when a query failed because a table it reads does not exist, on either engine. */
function isMissingTable(error: unknown): boolean {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { kind?: string } } } }).meta?.driverAdapterError
    ?.cause;
  return cause?.kind === 'TableDoesNotExist';
}

/**
 * The migrations the database has applied, read with the app's own client. Unlike the
 * schema engine, this takes no exclusive lock, so it is safe to ask while a server is
 * running. A database never migrated has no history table, and has applied none.
 */
export async function appliedMigrations(db: Database): Promise<string[]> {
  try {
    const rows = await db.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    return rows.map((row) => row.migration_name);
  } catch (error) {
    if (isMissingTable(error)) return [];
    throw error;
  }
}

/** The project's migrations (`expected`) the database has not applied. */
export async function pendingMigrations(db: Database, expected: string[]): Promise<string[]> {
  const applied = new Set(await appliedMigrations(db));
  return expected.filter((name) => !applied.has(name));
}

/** One row of the schema engine's history table (read at start-up by migration-history.ts). */
export interface MigrationRecord {
  name: string;
  checksum: string;
  finished: boolean;
  rolledBack: boolean;
}

/**
 * Whether the database has applied exactly the folder's migrations, each with the SQL
 * it has now, and holds no migration that started without finishing: then the schema
 * engine would apply nothing and refuse nothing. Anything else (pending, failed or in
 * progress, edited, unknown to the folder) is for the engine to decide, as before.
 * Rows rolled back by hand are ignored, as the engine ignores them.
 */
export function matchesFolder(records: MigrationRecord[], local: LocalMigration[]): boolean {
  const applied = new Map<string, string>();
  for (const record of records) {
    if (record.rolledBack) continue;
    if (!record.finished || applied.has(record.name)) return false;
    applied.set(record.name, record.checksum);
  }
  return applied.size === local.length && local.every(({ name, checksum }) => applied.get(name) === checksum);
}
