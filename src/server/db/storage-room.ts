import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { engineOfDatabase, type Database } from './client.ts';
import { sqliteFileFromUrl } from './sqlite-url.ts';

/** Room for this much more data counts as room: a write or two, not a bulk import. */
const RESERVE_BYTES = 1024 * 1024;

/**
 * Whether the database has room to grow, as far as this process can see: on SQLite,
 * the pages `max_page_count` still allows (plus free pages inside the file) and the
 * free space of the file's disk; on PostgreSQL, `unknown` (the server's disk is not
 * visible to a client, and a probe write small enough to be harmless lands in pages
 * that already have room).
 */
export async function storageRoom(db: Database, databaseUrl: string): Promise<'room' | 'full' | 'unknown'> {
  if (engineOfDatabase(db) !== 'sqlite') return 'unknown';
  const file = sqliteFileFromUrl(databaseUrl);
  // On the app's own connection: max_page_count is a setting of the connection.
  const [[size], [count], [max], [free]] = await Promise.all([
    db.$queryRaw<{ page_size: bigint }[]>`PRAGMA page_size`,
    db.$queryRaw<{ page_count: bigint }[]>`PRAGMA page_count`,
    db.$queryRaw<{ max_page_count: bigint }[]>`PRAGMA max_page_count`,
    db.$queryRaw<{ freelist_count: bigint }[]>`PRAGMA freelist_count`,
  ]);
  const pageSize = Number(size?.page_size ?? 4096);
  const pages = Number(count?.page_count ?? 0);
  const maxPages = Number(max?.max_page_count ?? 0);
  const freePages = Number(free?.freelist_count ?? 0);
  const reservePages = Math.ceil(RESERVE_BYTES / pageSize);
  if (maxPages - pages + freePages < reservePages) return 'full';
  if (file === ':memory:') return 'room';
  const disk = await statfs(dirname(file));
  return disk.bavail * disk.bsize + freePages * pageSize >= RESERVE_BYTES ? 'room' : 'full';
}
