import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test/test-app.ts';
import { newUser } from '../test/new-user.ts';
import { openDatabase } from './client.ts';
import { onCommitted, wakeOnCommit } from './commit-wake.ts';
import { inTransaction } from './transaction.ts';

const db = await openDatabase({ databaseUrl: await testDatabaseUrl(), busyTimeoutMs: 1000 });
afterAll(() => db.$disconnect());

describe('wakeOnCommit', () => {
  it("wakes this process's waiters on the channel once the transaction commits, not before", async () => {
    const woken: string[] = [];
    const stop = onCommitted(db, 'test_jobs', () => woken.push('jobs'));
    const stopOther = onCommitted(db, 'test_changes', () => woken.push('changes'));
    await inTransaction(db, async (tx) => {
      await tx.user.create({ data: newUser() });
      await wakeOnCommit(db, 'test_jobs');
      expect(woken).toEqual([]);
    });
    expect(woken).toEqual(['jobs']);
    stop();
    stopOther();
  });

  it('wakes nobody when the transaction rolls back', async () => {
    let woken = 0;
    const stop = onCommitted(db, 'test_jobs', () => (woken += 1));
    await expect(
      inTransaction(db, async () => {
        await wakeOnCommit(db, 'test_jobs');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(woken).toBe(0);
    stop();
  });

  it('wakes at once outside a transaction, and no longer after the waiter stops', async () => {
    let woken = 0;
    const stop = onCommitted(db, 'test_jobs', () => (woken += 1));
    await wakeOnCommit(db, 'test_jobs');
    stop();
    await wakeOnCommit(db, 'test_jobs');
    expect(woken).toBe(1);
  });
});
