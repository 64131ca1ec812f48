import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseUrl } from '../test/test-app.ts';
import { mutate, query, signUpVerified } from '../test/http-client.ts';
import { dataOf, openSubscription, type SseStream } from '../test/sse-client.ts';

const ADMIN = 'root@example.com';

/** Two instances of the app on one PostgreSQL database, as behind a load balancer. */
async function twoInstances() {
  const databaseUrl = await testDatabaseUrl();
  // One secret for both, as in production: a cookie from one is good on the other.
  const shared = {
    DATABASE_URL: databaseUrl,
    FIRST_ADMIN_EMAIL: ADMIN,
    AUTH_SECRET: 'live-updates-test-secret-'.repeat(2),
  };
  const apps = [await buildTestApp(shared), await buildTestApp(shared)];
  const bases: string[] = [];
  for (const app of apps) {
    await app.listen({ host: '127.0.0.1', port: 0 });
    bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
  const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
  const admin = await signUpVerified(a, ADMIN);
  const member = await signUpVerified(b, 'member@example.com');
  const memberId = ((await query(a, 'auth.viewer', undefined, { cookie: member })).data as { id: string }).id;
  return { a, b, bases, admin, memberId };
}

const streams: SseStream[] = [];
afterAll(() => {
  for (const stream of streams) stream.close();
});

/** Opens the admin's stream on an instance and waits until it is live. */
async function liveStream(base: string, cookie: string) {
  const stream = await openSubscription(base, 'live.changes', undefined, { cookie });
  streams.push(stream);
  expect((await stream.next())?.event).toBe('connected');
  expect(dataOf(await stream.next())).toEqual({ kind: 'ready' });
  return stream;
}

async function collect(stream: SseStream, count: number) {
  const events: { id: string | undefined; data: unknown }[] = [];
  while (events.length < count) {
    const event = await stream.next(20_000);
    events.push({ id: event?.id, data: dataOf(event) });
  }
  return events;
}

describe('live updates across instances (PostgreSQL)', () => {
  it('delivers every change made on either instance to the streams on both, in the same order', async () => {
    const { a, b, bases, admin, memberId } = await twoInstances();
    const onA = await liveStream(bases[0] ?? '', admin);
    const onB = await liveStream(bases[1] ?? '', admin);
    const roles = ['admin', 'member'];
    // Twenty changes, half on each instance, some at once.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        mutate(
          index % 2 ? b : a,
          'admin.users.setRole',
          { userId: memberId, role: roles[index % 2] },
          { cookie: admin },
        ),
      ),
    );
    const [seenOnA, seenOnB] = await Promise.all([collect(onA, 20), collect(onB, 20)]);
    expect(seenOnA).toEqual(seenOnB);
    expect(
      seenOnA.every(
        ({ data }) => JSON.stringify(data) === JSON.stringify({ kind: 'change', entity: 'user', id: memberId }),
      ),
    ).toBe(true);
    const ids = seenOnA.map(({ id }) => Number(id));
    expect(new Set(ids).size).toBe(20);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  }, 120_000);

  it('loses nothing while an instance cannot hear notifications: its poll finds the change', async () => {
    const { a, b, bases, admin, memberId } = await twoInstances();
    const onB = await liveStream(bases[1] ?? '', admin);
    // B's LISTEN connection is gone (as while it reconnects); A's change still reaches B.
    await b.notifications.close();
    await mutate(a, 'admin.users.setRole', { userId: memberId, role: 'admin' }, { cookie: admin });
    const [event] = await collect(onB, 1);
    expect(event?.data).toEqual({ kind: 'change', entity: 'user', id: memberId });
  }, 120_000);
});
