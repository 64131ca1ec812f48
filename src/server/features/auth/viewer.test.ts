import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.ts';
import { signUpVerified } from '../../test/http-client.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { readCredentials } from './viewer.ts';

async function signedIn(email: string) {
  const app = await buildTestApp();
  const cookie = await signUpVerified(app, email);
  const read = () => readCredentials(app.services, new Headers({ cookie }));
  return { app, read };
}

describe("the caller's session, read directly on either engine", () => {
  it('sees only what is committed: a revocation still open in another transaction, then rolled back, ends nothing', async () => {
    const { app, read } = await signedIn('uncommitted@example.com');
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let deleted!: () => void;
    const deletedYet = new Promise<void>((resolve) => (deleted = resolve));
    const revoking = inTransaction(app.db, async (tx) => {
      await tx.session.deleteMany({});
      deleted();
      await held;
      throw new Error('rolled back');
    });
    await deletedYet;
    // On SQLite the read waits for the one connection; on PostgreSQL it reads the last commit.
    const during = read();
    letGo();
    await expect(revoking).rejects.toThrow('rolled back');
    expect(await during).toMatchObject({ kind: 'valid', viewer: { email: 'uncommitted@example.com' } });

    await app.db.session.deleteMany({});
    expect(await read()).toEqual({ kind: 'refused' });
  });

  it('reads the caller from inside a transaction without waiting on it', async () => {
    const { app, read } = await signedIn('inside@example.com');
    const inside = await inTransaction(app.db, async (tx) => {
      await tx.user.updateMany({ data: { name: 'Renamed Inside' } });
      return read();
    });
    expect(inside).toMatchObject({ kind: 'valid', viewer: { name: 'Renamed Inside' } });
  });
});
