import { describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseUrl } from '../test/test-app.ts';
import { openDatabase, type DatabaseOptions } from './client.ts';

/** `PRAGMA synchronous` of a connection opened on a file that is already in WAL mode, as at every restart. */
async function synchronousOnReopen(options: Omit<DatabaseOptions, 'databaseUrl'>): Promise<number> {
  const databaseUrl = await testDatabaseUrl();
  await (await openDatabase({ databaseUrl, busyTimeoutMs: 5000 })).$disconnect();
  const db = await openDatabase({ databaseUrl, ...options });
  try {
    const [row] = await db.$queryRaw<{ synchronous: bigint }[]>`PRAGMA synchronous`;
    return Number(row?.synchronous);
  } finally {
    await db.$disconnect();
  }
}

const FULL = 2;
const NORMAL = 1;

describe('SQLite durability settings', () => {
  // better-sqlite3 is built with SQLITE_DEFAULT_WAL_SYNCHRONOUS=1: without the pragma, a
  // connection to a WAL file runs NORMAL, and a power cut can lose acknowledged writes.
  it('syncs every commit to disk (synchronous=FULL) unless told otherwise', async () => {
    expect(await synchronousOnReopen({ busyTimeoutMs: 5000 })).toBe(FULL);
  });

  it('runs synchronous=NORMAL when SQLITE_SYNCHRONOUS says so', async () => {
    expect(await synchronousOnReopen({ busyTimeoutMs: 5000, synchronous: 'NORMAL' })).toBe(NORMAL);
  });

  it('is configured by the app from SQLITE_SYNCHRONOUS', async () => {
    const app = await buildTestApp({ SQLITE_SYNCHRONOUS: 'NORMAL' });
    const [row] = await app.db.$queryRaw<{ synchronous: bigint }[]>`PRAGMA synchronous`;
    expect(Number(row?.synchronous)).toBe(NORMAL);
  });
});
