import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/test-app.ts';
import { databaseEngine, openDatabase } from './client.ts';

describe('openDatabase (SQLite)', () => {
  it('runs in WAL mode with the configured busy timeout', async () => {
    const db = await openDatabase({ databaseUrl: await testDatabaseUrl(), busyTimeoutMs: 2345 });
    try {
      const [journal] = await db.$queryRaw<{ journal_mode: string }[]>`PRAGMA journal_mode`;
      const [busy] = await db.$queryRaw<{ timeout: bigint }[]>`PRAGMA busy_timeout`;
      expect(journal?.journal_mode).toBe('wal');
      expect(Number(busy?.timeout)).toBe(2345);
    } finally {
      await db.$disconnect();
    }
  });

  it('reads and writes through the generated client', async () => {
    const db = await openDatabase({ databaseUrl: await testDatabaseUrl(), busyTimeoutMs: 1000 });
    try {
      await db.user.create({ data: { id: 'u1', name: 'Ada', email: 'ada@example.com' } });
      const found = await db.user.findUnique({ where: { id: 'u1' }, select: { email: true, createdAt: true } });
      expect(found?.email).toBe('ada@example.com');
      expect(found?.createdAt).toBeInstanceOf(Date);
      expect(await databaseEngine(db)).toMatchObject({ engine: 'sqlite' });
    } finally {
      await db.$disconnect();
    }
  });
});
