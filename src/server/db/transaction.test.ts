import { afterAll, describe, expect, it } from 'vitest';
import { newUser } from '../test/new-user.ts';
import { testDatabaseUrl } from '../test/test-app.ts';
import { openDatabase } from './client.ts';
import { afterCommit, currentClient, inTransaction, joiningTransactions } from './transaction.ts';

const db = await openDatabase({ databaseUrl: await testDatabaseUrl(), busyTimeoutMs: 1000 });
afterAll(() => db.$disconnect());

describe('inTransaction', () => {
  it('commits every write together', async () => {
    const [a, b] = [newUser(), newUser()];
    await inTransaction(db, async (tx) => {
      await tx.user.create({ data: a });
      await currentClient(db).user.create({ data: b });
    });
    expect(await db.user.count({ where: { id: { in: [a.id, b.id] } } })).toBe(2);
  });

  it('rolls every write back when the work throws, including those of code that only knew the root client', async () => {
    const [a, b] = [newUser(), newUser()];
    await expect(
      inTransaction(db, async (tx) => {
        await tx.user.create({ data: a });
        await currentClient(db).user.create({ data: b });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.user.count({ where: { id: { in: [a.id, b.id] } } })).toBe(0);
  });

  it('joins the transaction already open instead of opening a second one', async () => {
    const [a, b] = [newUser(), newUser()];
    await expect(
      inTransaction(db, async () => {
        await inTransaction(db, (tx) => tx.user.create({ data: a }));
        await inTransaction(db, (tx) => tx.user.create({ data: b }));
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');
    expect(await db.user.count({ where: { id: { in: [a.id, b.id] } } })).toBe(0);
  });

  it('runs after-commit callbacks only once the transaction commits, and never after a rollback', async () => {
    const calls: string[] = [];
    await inTransaction(db, async (tx) => {
      afterCommit(() => calls.push('committed'));
      await tx.user.create({ data: newUser() });
      calls.push('work done');
    });
    await inTransaction(db, async () => {
      afterCommit(() => calls.push('rolled back'));
      throw new Error('no');
    }).catch(() => undefined);
    afterCommit(() => calls.push('outside'));
    expect(calls).toEqual(['work done', 'committed', 'outside']);
  });

  it('lets a library that calls $transaction itself join the open transaction', async () => {
    const [a, b] = [newUser(), newUser()];
    const library = joiningTransactions(db);
    await expect(
      inTransaction(db, async (tx) => {
        await tx.user.create({ data: a });
        await library.$transaction((libraryTx) => libraryTx.user.create({ data: b }));
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');
    expect(await db.user.count({ where: { id: { in: [a.id, b.id] } } })).toBe(0);
  });
});

describe('one SQLite connection, one transaction at a time', () => {
  it('keeps a query from elsewhere out of an open transaction: it neither sees nor shares its writes', async () => {
    const inside = newUser();
    const outside = newUser();
    let outsideWrite: Promise<unknown> = Promise.resolve();
    let outsideRead: Promise<number> = Promise.resolve(-1);
    await expect(
      inTransaction(db, async (tx) => {
        await tx.user.create({ data: inside });
        // Another request, not part of this transaction, while it is open. `then`
        // starts each query now: a Prisma query left unawaited never runs.
        outsideWrite = db.user.create({ data: outside }).then((created) => created);
        outsideRead = db.user.count({ where: { id: inside.id } }).then((count) => count);
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outsideWrite;
    expect(await outsideRead).toBe(0);
    // The other request's write was its own, so the rollback did not take it away.
    expect(await db.user.count({ where: { id: outside.id } })).toBe(1);
    expect(await db.user.count({ where: { id: inside.id } })).toBe(0);
  });
});
