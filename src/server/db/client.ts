import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from './generated/sqlite/client.ts';
import { oneConnectionAtATime } from './one-connection.ts';
import { sqliteFileFromUrl } from './sqlite-url.ts';

export type Database = PrismaClient;

export interface DatabaseOptions {
  databaseUrl: string;
  busyTimeoutMs: number;
}

/**
 * Opens the application's Prisma client on SQLite through the better-sqlite3
 * driver adapter (no engine binary at run time).
 */
export async function openDatabase({ databaseUrl, busyTimeoutMs }: DatabaseOptions): Promise<Database> {
  const adapter = oneConnectionAtATime(
    new PrismaBetterSqlite3({
      url: sqliteFileFromUrl(databaseUrl),
      timeout: busyTimeoutMs,
    }),
  );
  const db = new PrismaClient({ adapter });
  // WAL lets readers proceed while one writer commits; the setting is stored in
  // the file, so applying it on every start is idempotent.
  await db.$queryRaw`PRAGMA journal_mode = WAL`;
  return db;
}

/** Which engine answers, and its version: `system.info` shows it to operators. */
export async function databaseEngine(db: Database): Promise<{ engine: 'sqlite'; version: string }> {
  const [row] = await db.$queryRaw<{ version: string }[]>`SELECT sqlite_version() AS version`;
  return { engine: 'sqlite', version: row?.version ?? 'unknown' };
}
