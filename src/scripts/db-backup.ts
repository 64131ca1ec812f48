/**
 * `npm run db:backup -- <file>` (in the container: `node dist/server/db-backup.js <file>`):
 * writes a consistent copy of the database (DATABASE_URL, read as the server reads
 * it) to a new file, safely while the server runs. The copy is checked before it
 * appears under its name; an existing file is never overwritten.
 * Restore: docs/operations.md (Backups and restore).
 */
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { authSecretFile } from '../server/features/auth/auth-secret.ts';
import { loadConfig } from '../server/config.ts';
import { engineOf } from '../server/db/engines.ts';
import { sqliteFileFromUrl } from '../server/db/sqlite-url.ts';

const usage = 'Usage: npm run db:backup -- <new file>   (container: node dist/server/db-backup.js <new file>)';

function main(): number {
  const [argument] = process.argv.slice(2);
  if (!argument || argument.startsWith('-')) {
    console.error(usage);
    return 2;
  }
  const target = resolve(argument);
  if (existsSync(target)) {
    console.error(`Not overwriting ${target}: it exists. Name a new file.`);
    return 1;
  }
  const config = loadConfig();
  if (engineOf(config.DATABASE_URL) !== 'sqlite') {
    console.error(
      'db:backup copies a SQLite file. On PostgreSQL, use pg_dump or the provider’s backups (docs/operations.md).',
    );
    return 1;
  }
  const source = sqliteFileFromUrl(config.DATABASE_URL);
  if (!existsSync(source)) {
    console.error(`No database at ${source} (DATABASE_URL=${config.DATABASE_URL}).`);
    return 1;
  }
  // Written beside the target, so it is linked into place on the same file system,
  // and an interrupted backup never looks like a finished one.
  const partial = join(dirname(target), `.${basename(target)}.partial-${process.pid}`);
  try {
    snapshot(source, partial, config.SQLITE_BUSY_TIMEOUT_MS);
    const facts = check(partial);
    syncFile(partial);
    publish(partial, target);
    syncFile(dirname(target));
    console.log(
      `Backed up ${source} to ${target}: ${statSync(target).size} bytes, integrity ok, ` +
        `${facts.migrations} migrations (last ${facts.lastMigration}), ${facts.users} users.`,
    );
    const secret = authSecretFile(config);
    if (!config.AUTH_SECRET && secret && existsSync(secret)) {
      console.log(`Keep ${secret} with it: sessions are signed with that secret.`);
    }
    return 0;
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * VACUUM INTO copies one read transaction's snapshot: in WAL mode the server keeps
 * writing meanwhile, and nothing restarts the copy (the online backup API starts over
 * whenever another connection writes, so under steady writes it may never finish).
 */
function snapshot(source: string, partial: string, busyTimeoutMs: number): void {
  const db = new Database(source, { fileMustExist: true, timeout: busyTimeoutMs });
  try {
    db.prepare('VACUUM INTO ?').run(partial);
  } finally {
    db.close();
  }
}

/** Opens the copy on its own: it must pass SQLite's full integrity check and hold the app's schema. */
function check(file: string): { migrations: number; lastMigration: string; users: number } {
  const db = new Database(file, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    if (integrity !== 'ok') throw new Error(`The copy failed its integrity check: ${integrity}`);
    const migrations = db
      .prepare(
        'SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
      )
      .all() as { name: string }[];
    const users = db.prepare('SELECT COUNT(*) AS count FROM User').get() as { count: number };
    return { migrations: migrations.length, lastMigration: migrations.at(-1)?.name ?? 'none', users: users.count };
  } finally {
    db.close();
  }
}

/** SQLite does not fsync what VACUUM INTO writes; a backup must survive a power cut too. */
function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Gives the finished copy its name, failing rather than replacing a file that appeared meanwhile. */
function publish(partial: string, target: string): void {
  try {
    linkSync(partial, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw new Error(`Not overwriting ${target}: it appeared during the backup.`, { cause: error });
    // File systems without hard links: an exclusive copy refuses an existing file too.
    copyFileSync(partial, target, constants.COPYFILE_EXCL);
    syncFile(target);
  }
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
