import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from './generated/sqlite/client.ts';
import { type DatabaseOptions, transactionOptions } from './database-options.ts';
import { oneConnectionAtATime } from './one-connection.ts';
import { sqliteFileFromUrl } from './sqlite-url.ts';

/** The driver adapter on the database file, with the busy timeout every connection of the app waits. */
export function sqliteDriverAdapter({
  databaseUrl,
  busyTimeoutMs,
}: Pick<DatabaseOptions, 'databaseUrl' | 'busyTimeoutMs'>): PrismaBetterSqlite3 {
  return new PrismaBetterSqlite3({ url: sqliteFileFromUrl(databaseUrl), timeout: busyTimeoutMs });
}

/**
 * Opens the Prisma client on SQLite through the better-sqlite3 driver adapter (no
 * engine binary at run time), one connection at a time.
 */
export async function openSqliteDatabase({
  databaseUrl,
  busyTimeoutMs,
  synchronous = 'FULL',
  onConnectionWait,
}: DatabaseOptions): Promise<PrismaClient> {
  const adapter = oneConnectionAtATime(sqliteDriverAdapter({ databaseUrl, busyTimeoutMs }), {
    onWait: onConnectionWait,
  });
  const db: PrismaClient = new PrismaClient({
    adapter,
    // A transaction waits for the one connection as long as a write waits for another
    // process's lock (Prisma's own default is 2 s): a few concurrent sign-ups, each
    // hashing a password inside its transaction, must queue, not fail with 503.
    transactionOptions: transactionOptions(busyTimeoutMs),
  });
  // WAL lets readers proceed while one writer commits; the setting is stored in
  // the file, so applying it on every start is idempotent.
  await db.$queryRaw`PRAGMA journal_mode = WAL`;
  // Per connection, not stored in the file. FULL syncs the WAL at every commit, so an
  // acknowledged write survives a power cut; NORMAL only at checkpoints (an OS crash
  // may lose the last commits, a process crash loses nothing).
  if (synchronous === 'FULL') await db.$executeRaw`PRAGMA synchronous = FULL`;
  else await db.$executeRaw`PRAGMA synchronous = NORMAL`;
  return db;
}

export async function sqliteVersion(db: PrismaClient): Promise<string> {
  const [row] = await db.$queryRaw<{ version: string }[]>`SELECT sqlite_version() AS version`;
  return row?.version ?? 'unknown';
}
