import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { noNotifications } from '../db/notification-listener.ts';
import { testDatabaseUrl } from '../test/test-app.ts';
import { createChangeFeed, type ChangeRow } from './change-feed.ts';
import { recordChanges, userChange } from './record-change.ts';

const db = await openDatabase({ databaseUrl: await testDatabaseUrl(), busyTimeoutMs: 5000 });
afterAll(() => db.$disconnect());

/** Counts the feed's reads of new change events. */
function countReads() {
  const events = db.changeEvent as unknown as { findMany: (args: unknown) => Promise<unknown> };
  const read = events.findMany.bind(events);
  const counter = { reads: 0 };
  events.findMany = (args) => {
    counter.reads += 1;
    return read(args);
  };
  afterAll(() => {
    events.findMany = read;
  });
  return counter;
}

describe('the change feed', () => {
  it('reads nothing for a committed change while no stream listens, then hands a listener only what follows', async () => {
    const feed = createChangeFeed({ db, notifications: noNotifications, log: pino({ level: 'silent' }) });
    afterAll(() => {
      feed.stop();
    });
    const counter = countReads();

    await recordChanges(db, [userChange('nobody-listens')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counter.reads).toBe(0);

    const heard: ChangeRow[] = [];
    feed.listen((rows) => heard.push(...rows));
    const cursor = await feed.sync();
    await recordChanges(db, [userChange('someone-listens')]);
    await expect.poll(() => heard.map((row) => row.entityId)).toEqual(['someone-listens']);
    expect(heard[0]?.id).toBeGreaterThan(cursor);
  });
});
