import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from './generated/sqlite/client.ts';
import { oneConnectionAtATime } from './one-connection.ts';
import { sqliteFileFromUrl } from './sqlite-url.ts';

export type Database = PrismaClient;

export interface DatabaseOptions {
  databaseUrl: string;
  /** How long a statement waits for another process's lock before failing with SQLITE_BUSY. */
  busyTimeoutMs: number;
  /** When a commit reaches the disk; FULL unless told otherwise (docs/decisions/0014-durability-and-lifecycle.md). */
  synchronous?: 'FULL' | 'NORMAL';
  /**
   * Told how long each query or transaction waited for the one connection, in ms:
   * SQLite's counterpart of a pool's wait time, for metrics.
   */
  onConnectionWait?: (waitedMs: number) => void;
}

/**
 * Opens the application's Prisma client on SQLite through the better-sqlite3
 * driver adapter (no engine binary at run time).
 */
export async function openDatabase({
  databaseUrl,
  busyTimeoutMs,
  synchronous = 'FULL',
  onConnectionWait,
}: DatabaseOptions): Promise<Database> {
  const adapter = oneConnectionAtATime(
    new PrismaBetterSqlite3({
      url: sqliteFileFromUrl(databaseUrl),
      timeout: busyTimeoutMs,
    }),
    { onWait: onConnectionWait },
  );
  const db = new PrismaClient({
    adapter,
    // A transaction waits for the one connection as long as a write waits for another
    // process's lock (Prisma's own default is 2 s): a few concurrent sign-ups, each
    // hashing a password inside its transaction, must queue, not fail with 503.
    transactionOptions: { maxWait: busyTimeoutMs, timeout: 2 * busyTimeoutMs },
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

/** Which engine answers, and its version: `system.info` shows it to operators. */
export async function databaseEngine(db: Database): Promise<{ engine: 'sqlite'; version: string }> {
  const [row] = await db.$queryRaw<{ version: string }[]>`SELECT sqlite_version() AS version`;
  return { engine: 'sqlite', version: row?.version ?? 'unknown' };
}
