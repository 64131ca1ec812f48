import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.ts';
import { mutate, query, signUpVerified } from '../test/http-client.ts';
import { dataOf, openSubscription, type SseEvent, type SseStream } from '../test/sse-client.ts';

const ADMIN = 'root@example.com';

async function liveApp(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN, ...overrides });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const admin = await signUpVerified(app, ADMIN);
  const member = await signUpVerified(app, 'member@example.com');
  const memberId = ((await query(app, 'auth.viewer', undefined, { cookie: member })).data as { id: string }).id;
  return { app, base, admin, member, memberId };
}

const streams: SseStream[] = [];
afterAll(() => {
  for (const stream of streams) stream.close();
});

async function subscribe(base: string, cookie: string | undefined, input?: unknown) {
  const stream = await openSubscription(base, 'live.changes', input, cookie ? { cookie } : {});
  streams.push(stream);
  return stream;
}

/** The next data event's payload, skipping nothing but pings. */
async function nextData(stream: SseStream) {
  const event = await stream.next();
  expect(event?.event, JSON.stringify(event)).toBe('message');
  return { id: event?.id, data: dataOf(event) as { kind: string; entity?: string; id?: string } };
}

function appCodeOf(event: SseEvent | undefined): unknown {
  expect(event?.event).toBe('serialized-error');
  return (dataOf(event) as { data: { appCode: string } }).data.appCode;
}

/** The sessions of a user, as the admin lists them. */
async function sessionsOf(app: FastifyInstance, admin: string, email: string) {
  const listed = (await query(app, 'admin.sessions.list', undefined, { cookie: admin })).data as {
    id: string;
    userEmail: string;
  }[];
  return listed.filter((session) => session.userEmail === email).map((session) => session.id);
}

describe('live updates over server-sent events', () => {
  it('tells each signed-in client what changed among what it may see, and signs a revoked session out at once', async () => {
    const { app, base, admin, member, memberId } = await liveApp();
    const adminStream = await subscribe(base, admin);
    const memberStream = await subscribe(base, member);
    expect(adminStream.status).toBe(200);
    expect(adminStream.headers.get('content-type')).toBe('text/event-stream');
    // A proxy may neither buffer nor compress the stream.
    expect(adminStream.headers.get('cache-control')).toContain('no-transform');
    expect((await adminStream.next())?.event).toBe('connected');
    expect((await memberStream.next())?.event).toBe('connected');
    expect((await nextData(adminStream)).data).toEqual({ kind: 'ready' });
    expect((await nextData(memberStream)).data).toEqual({ kind: 'ready' });

    expect(
      (await mutate(app, 'admin.users.setRole', { userId: memberId, role: 'admin' }, { cookie: admin })).status,
    ).toBe(200);
    const seenByAdmin = await nextData(adminStream);
    expect(seenByAdmin.data).toEqual({ kind: 'change', entity: 'user', id: memberId });
    expect(seenByAdmin.id).toMatch(/^\d+$/);
    // The member's own account changed: they hear of it too.
    expect((await nextData(memberStream)).data).toEqual({ kind: 'change', entity: 'user', id: memberId });

    const [sessionId] = await sessionsOf(app, admin, 'member@example.com');
    expect((await mutate(app, 'admin.sessions.revoke', { id: sessionId }, { cookie: admin })).status).toBe(200);
    expect((await nextData(adminStream)).data).toEqual({ kind: 'change', entity: 'session', id: sessionId });
    // The revoked browser's stream ends with the catalogue's UNAUTHENTICATED: the client signs out.
    expect(appCodeOf(await memberStream.next())).toBe('UNAUTHENTICATED');
    expect(await memberStream.next()).toBeUndefined();
  }, 60_000);

  it('shows a member only their own changes', async () => {
    const { app, base, admin, member, memberId } = await liveApp();
    const other = await signUpVerified(app, 'other@example.com');
    const otherId = ((await query(app, 'auth.viewer', undefined, { cookie: other })).data as { id: string }).id;
    const memberStream = await subscribe(base, member);
    await memberStream.next();
    expect((await nextData(memberStream)).data).toEqual({ kind: 'ready' });
    await mutate(app, 'admin.users.setRole', { userId: otherId, role: 'admin' }, { cookie: admin });
    await mutate(app, 'admin.users.setRole', { userId: memberId, role: 'member' }, { cookie: admin });
    // The other person's change is not the member's to know; their own is.
    expect((await nextData(memberStream)).data).toEqual({ kind: 'change', entity: 'user', id: memberId });
  }, 60_000);

  it('resumes after the last event id without a gap, and asks for a full refetch when the events are gone', async () => {
    const { app, base, admin, memberId } = await liveApp();
    const first = await subscribe(base, admin);
    await first.next();
    const ready = await nextData(first);
    first.close();
    for (const role of ['admin', 'member', 'admin']) {
      await mutate(app, 'admin.users.setRole', { userId: memberId, role }, { cookie: admin });
    }
    const resumed = await subscribe(base, admin, { lastEventId: ready.id });
    await resumed.next();
    const missed = [await nextData(resumed), await nextData(resumed), await nextData(resumed)];
    expect(missed.map(({ data }) => data)).toEqual(
      Array.from({ length: 3 }, () => ({ kind: 'change', entity: 'user', id: memberId })),
    );
    expect(missed.map(({ id }) => Number(id))).toEqual([...missed.map(({ id }) => Number(id))].sort((a, b) => a - b));
    expect((await nextData(resumed)).data).toEqual({ kind: 'ready' });

    // Pruned meanwhile: the client cannot know what it missed, so it refetches everything.
    await app.db.changeEvent.deleteMany({});
    await mutate(app, 'admin.users.setRole', { userId: memberId, role: 'member' }, { cookie: admin });
    const late = await subscribe(base, admin, { lastEventId: ready.id });
    await late.next();
    expect((await nextData(late)).data).toEqual({ kind: 'resync' });
    expect((await nextData(late)).data).toEqual({ kind: 'ready' });
  }, 60_000);

  it('refuses a signed-out stream, and a stream beyond the per-session limit, with catalogue errors', async () => {
    const { base, admin } = await liveApp({ LIVE_STREAMS_PER_SESSION: 2 });
    const anonymous = await subscribe(base, undefined);
    expect(anonymous.status).toBe(200);
    expect((await anonymous.next())?.event).toBe('connected');
    expect(appCodeOf(await anonymous.next())).toBe('UNAUTHENTICATED');

    // A malformed resume id is the input's fault, answered like any call's.
    const malformed = await subscribe(base, admin, { lastEventId: 'not-a-number' });
    await malformed.next();
    expect(appCodeOf(await malformed.next())).toBe('VALIDATION_FAILED');

    const one = await subscribe(base, admin);
    const two = await subscribe(base, admin);
    await one.next();
    await two.next();
    const three = await subscribe(base, admin);
    expect((await three.next())?.event).toBe('connected');
    expect(appCodeOf(await three.next())).toBe('TOO_MANY_STREAMS');
    one.close();
    // The slot is given back once the server sees the client leave.
    await expect
      .poll(async () => {
        const again = await subscribe(base, admin);
        await again.next();
        const event = await again.next();
        again.close();
        return event?.event;
      })
      .toBe('message');
  }, 60_000);

  it('counts open streams in the metrics', async () => {
    const { app, base, admin } = await liveApp({ METRICS_TOKEN: 'metrics-token-for-the-live-test' });
    const stream = await subscribe(base, admin);
    await stream.next();
    await nextData(stream);
    const scraped = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-the-live-test' },
    });
    expect(scraped.body).toMatch(/^live_streams 1$/m);
    stream.close();
    await expect.poll(() => app.live.count()).toBe(0);
  }, 60_000);

  it('ends every stream at shutdown with a retryable UNAVAILABLE, well within the shutdown window', async () => {
    const { app, base, admin } = await liveApp();
    const stream = await subscribe(base, admin);
    await stream.next();
    await nextData(stream);
    expect(app.live.count()).toBe(1);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(appCodeOf(await stream.next())).toBe('UNAVAILABLE');
  }, 60_000);

  it('the hourly clean-up deletes change events older than a day, and keeps newer ones', async () => {
    const app = await buildTestApp();
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
    await app.db.changeEvent.createMany({
      data: [
        { entity: 'user', entityId: 'old', at: new Date(dayAgo - 60_000) },
        { entity: 'user', entityId: 'recent', at: new Date(dayAgo + 60_000) },
      ],
    });
    await app.jobs.checkSchedules();
    await app.jobs.runDue(['system.prune']);
    const left = await app.db.changeEvent.findMany({ select: { entityId: true } });
    expect(left.map(({ entityId }) => entityId)).toEqual(['recent']);
  });
});
