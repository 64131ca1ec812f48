import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { newUser } from '../test/new-user.ts';
import { testDatabaseUrl } from '../test/test-app.ts';
import { openDatabase } from './client.ts';
import { Lock } from './one-connection.ts';
import { sqliteFileFromUrl } from './sqlite-url.ts';

const databaseUrl = await testDatabaseUrl();
const db = await openDatabase({ databaseUrl, busyTimeoutMs: 5000 });
afterAll(() => db.$disconnect());

/**
 * Another process writing the same file: a thread with its own connection takes the
 * write lock and keeps it for `ms` (better-sqlite3 waits for a lock synchronously, so
 * the holder must not share this thread's event loop). Resolves once the lock is held;
 * `releasedAt()` is when the holder let go (0 while it still holds it).
 */
async function holdWriteLock(ms: number) {
  const releasedAt = new Float64Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const Database = require(workerData.driver);
     const db = new Database(workerData.file);
     db.exec('BEGIN IMMEDIATE');
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
     workerData.releasedAt[0] = Date.now();
     db.exec('COMMIT');
     db.close();`,
    {
      eval: true,
      workerData: {
        file: sqliteFileFromUrl(databaseUrl),
        ms,
        releasedAt,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
    },
  );
  await once(worker, 'message');
  return { releasedAt: () => releasedAt[0] ?? 0, exited: once(worker, 'exit') };
}

describe('transactions on the shared SQLite connection', () => {
  it('wait for another process’s write lock, up to the busy timeout, instead of failing at their first write', async () => {
    const user = newUser();
    const lock = await holdWriteLock(300);
    // Read, then write: a deferred BEGIN would fail the write at once with SQLITE_BUSY.
    await db.$transaction(async (tx) => {
      await tx.user.count();
      await tx.user.create({ data: user });
    });
    const committed = Date.now();
    expect(lock.releasedAt()).toBeGreaterThan(0);
    expect(committed).toBeGreaterThanOrEqual(lock.releasedAt());
    await lock.exited;
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
  });

  it('roll back a transaction whose COMMIT failed, so the connection is usable and the rows are gone', async () => {
    await expect(
      db.$transaction(async (tx) => {
        // A deferred foreign key is checked at COMMIT, which then fails and leaves
        // the transaction open on the connection.
        await tx.$executeRaw`PRAGMA defer_foreign_keys = ON`;
        await tx.session.create({ data: { id: 's1', token: 't1', userId: 'nobody', expiresAt: new Date() } });
      }),
    ).rejects.toThrow(/ForeignKeyConstraintViolation/);

    const user = newUser();
    await db.$transaction((tx) => tx.user.create({ data: user }));
    expect(await db.user.count({ where: { id: user.id } })).toBe(1);
    expect(await db.session.count({ where: { id: 's1' } })).toBe(0);
  });

  it('keep nested transactions working: the inner one rolls back to its savepoint alone', async () => {
    const [kept, undone] = [newUser(), newUser()];
    await db.$transaction(async (tx) => {
      await tx.user.create({ data: kept });
      await tx
        .$transaction(async (inner) => {
          await inner.user.create({ data: undone });
          throw new Error('inner change fails');
        })
        .catch(() => undefined);
    });
    expect(await db.user.count({ where: { id: kept.id } })).toBe(1);
    expect(await db.user.count({ where: { id: undone.id } })).toBe(0);
  });

  it('report how long each query waited for the connection', async () => {
    const waits: number[] = [];
    const watched = await openDatabase({
      databaseUrl,
      busyTimeoutMs: 5000,
      onConnectionWait: (ms) => waits.push(ms),
    });
    try {
      waits.length = 0;
      await watched.user.count();
      await watched.$transaction((tx) => tx.user.count());
      expect(waits).toHaveLength(2);
    } finally {
      await watched.$disconnect();
    }
  });
});

describe('Lock', () => {
  it('tells how long each holder waited', async () => {
    const waits: number[] = [];
    const lock = new Lock((ms) => waits.push(ms));
    const release = await lock.acquire();
    const second = lock.run(() => Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 60));
    release();
    await second;
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThanOrEqual(50);
  });
});
