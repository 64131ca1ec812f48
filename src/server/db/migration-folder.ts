import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Engine, engineOf, type MigrationPaths, migrationPathsFor } from './engines.ts';

/**
 * What the migrations folder holds, read without the schema engine: the server asks it
 * on every start and every `/readyz`, and loading the engine's WebAssembly costs far
 * more than reading a few files (docs/decisions/0003-offline-prisma.md).
 */

/** The file the schema engine refuses to work without; it names the folder's provider. */
export const LOCK_FILE = 'migration_lock.toml';

export interface LocalMigration {
  name: string;
  /** SHA-256 of migration.sql in hex, as the schema engine records it in `_prisma_migrations.checksum`. */
  checksum: string;
}

/** Names of the migrations in the folder, oldest first. */
export function localMigrationNames(paths: MigrationPaths): string[] {
  if (!existsSync(paths.migrationsDir)) return [];
  return readdirSync(paths.migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The migrations the project holds for the engine DATABASE_URL picks: `/readyz` checks them. */
export function projectMigrationNames(databaseUrl: string): string[] {
  return localMigrationNames(migrationPathsFor(engineOf(databaseUrl)));
}

/** Each migration in the folder with the checksum of its SQL, oldest first. */
export function localMigrations(paths: MigrationPaths): LocalMigration[] {
  return localMigrationNames(paths).map((name) => ({
    name,
    checksum: createHash('sha256')
      .update(readFileSync(join(paths.migrationsDir, name, 'migration.sql')))
      .digest('hex'),
  }));
}

/** Whether the folder's lock file names `engine`, as the schema engine requires before it applies anything. */
export function lockFileNames(paths: MigrationPaths, engine: Engine): boolean {
  const lockPath = join(paths.migrationsDir, LOCK_FILE);
  if (!existsSync(lockPath)) return false;
  return new RegExp(`^\\s*provider\\s*=\\s*"${engine}"\\s*$`, 'm').test(readFileSync(lockPath, 'utf8'));
}
