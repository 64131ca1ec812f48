import type { Database } from './client.ts';
import { localMigrationNames } from './migrations.ts';

/**
 * The project's migrations the database has not applied, read with the app's own
 * client. Unlike the schema engine, this takes no exclusive lock, so it is safe to
 * ask while a server is running. A database never migrated has no history table:
 * every migration is pending.
 */
export async function pendingMigrations(db: Database, expected = localMigrationNames()): Promise<string[]> {
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`;
  if (tables.length === 0) return expected;
  const rows = await db.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((row) => row.migration_name));
  return expected.filter((name) => !applied.has(name));
}
