import { matchesFolder } from './applied-migrations.ts';
import { type Database, type DatabaseOptions, openDatabase } from './client.ts';
import { engineOf, type MigrationPaths, migrationPathsFor } from './engines.ts';
import { localMigrations, lockFileNames } from './migration-folder.ts';
import { readMigrationHistory } from './migration-history.ts';
import { migrateInChildProcess } from './migration-process.ts';

export interface MigratedDatabase {
  db: Database;
  /** The migrations applied now, oldest first. */
  applied: string[];
  /** Whether the schema engine ran: false when the history table already matched the folder. */
  engineRan: boolean;
}

export interface MigrateOnStartOptions {
  /** The schema and migrations folder; the project's for the engine DATABASE_URL picks by default. */
  paths?: MigrationPaths;
  /**
   * Applies the pending migrations and returns their names: `migrateDatabase` in a child
   * process by default (migration-process.ts); tests count the runs.
   */
  migrate?: (databaseUrl: string, paths?: MigrationPaths) => Promise<string[]>;
}

/**
 * Opens the database with every migration applied (MIGRATE_ON_START), running the
 * schema engine only when the database's history differs from the folder. Most starts
 * are restarts on a migrated database, where one query through the driver adapter
 * shows nothing to do; the engine's WebAssembly would cost about a second and 30 MiB for
 * the same answer. Any difference at all (a pending, failed, in-progress, edited or
 * unknown migration, or a lock file naming another provider) goes to `migrateDatabase`
 * as before, which applies or refuses exactly as it always did, under PostgreSQL's
 * advisory lock; it runs in a child process, so the engine's memory leaves with it
 * (docs/decisions/0043-migrations-in-a-child-process.md). The app's client opens once,
 * after: a second connect would cost memory (migration-history.ts), and on SQLite the
 * engine needs the file to itself while it works.
 */
export async function openMigratedDatabase(
  options: DatabaseOptions,
  { paths, migrate = migrateInChildProcess }: MigrateOnStartOptions = {},
): Promise<MigratedDatabase> {
  const engine = engineOf(options.databaseUrl);
  const folder = paths ?? migrationPathsFor(engine);
  const upToDate =
    lockFileNames(folder, engine) && matchesFolder(await readMigrationHistory(options), localMigrations(folder));
  const applied = upToDate ? [] : await migrate(options.databaseUrl, paths);
  return { db: await openDatabase(options), applied, engineRan: !upToDate };
}
