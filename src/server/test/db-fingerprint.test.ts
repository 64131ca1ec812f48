import { describe, expect, it } from 'vitest';
import { changedTables, databaseFingerprint } from './db-fingerprint.ts';
import { createTestServices } from './test-app.ts';

const job = (id: string, dedupeKey: string | null) => ({
  id,
  name: 'test.job',
  input: '{}',
  maxAttempts: 1,
  dedupeKey,
});

describe('the database fingerprint the attack tests compare', () => {
  it('names the table a change touched, and leaves out the background columns and the clock', async () => {
    const { db } = await createTestServices();
    const first = await databaseFingerprint(db);
    expect(await databaseFingerprint(db)).toBe(first);

    await db.user.create({ data: { id: 'u1', name: 'Fin', email: 'fin@example.com' } });
    const withUser = await databaseFingerprint(db);
    expect(changedTables(first, withUser)).toEqual(['User']);

    await db.user.update({ where: { id: 'u1' }, data: { name: 'Finn' } });
    const renamed = await databaseFingerprint(db);
    expect(changedTables(withUser, renamed)).toEqual(['User']);

    // A job a call queued counts; the workers moving it along, and the schedule's own, do not.
    await db.backgroundJob.create({ data: job('j1', 'mail:1') });
    const queued = await databaseFingerprint(db);
    expect(changedTables(renamed, queued)).toEqual(['BackgroundJob']);
    await db.backgroundJob.update({ where: { id: 'j1' }, data: { status: 'running', attempts: 1 } });
    await db.backgroundJob.create({ data: job('j2', 'schedule.tick@2026-12-02T01:00:00.000Z') });
    expect(await databaseFingerprint(db)).toBe(queued);

    await db.backgroundJob.update({ where: { id: 'j1' }, data: { input: '{"changed":true}' } });
    expect(changedTables(queued, await databaseFingerprint(db))).toEqual(['BackgroundJob']);
  });
});
