import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpSubscriptionLink, type TRPCClientError, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sseLink } from '../../client/live/sse-link.ts';
import type { AppRouter } from '../router.ts';
import { mutate, query, signUpVerified } from '../test/http-client.ts';
import { buildTestApp } from '../test/test-app.ts';

/*
 * The guard of our hand-written SSE link (src/client/live/sse-link.ts) against tRPC's
 * wire format: the same subscription, on a real app, through our link and through tRPC's
 * own `httpSubscriptionLink`, must give the same events, the same tracked ids, the same
 * resume point after a lost connection and the same error. Should a tRPC upgrade change
 * its frames, its official link follows and ours does not: this test fails.
 *
 * Both links drive Node's own EventSource (undici's, the WHATWG one), which Node 20 and 22
 * keep behind --experimental-eventsource: the `eventsource` project in vitest.config.ts
 * passes the flag to files named *.eventsource.test.ts. The wire format does not depend on
 * the database, so this runs on SQLite only.
 */

const NodeEventSource = nodeEventSource();

function nodeEventSource(): typeof EventSource {
  const found = globalThis.EventSource as typeof EventSource | undefined;
  if (!found) {
    throw new Error('No EventSource: run this file in the `eventsource` vitest project (--experimental-eventsource).');
  }
  return found;
}

interface Seen {
  /** One per stream tRPC reported started (its `connected` event). */
  started: number;
  data: unknown[];
  errors: unknown[];
}

interface Proxy {
  base: string;
  /** Each subscription request: its input and its Last-Event-ID header. */
  requests: { input: unknown; lastEventIdHeader: string | undefined }[];
  /** Drops every open connection, as a proxy restart or a network change would. */
  cut(): void;
  close(): Promise<void>;
}

/**
 * A reverse proxy in front of the app that signs its requests in with `cookie` (Node's
 * EventSource keeps no cookies), records what each one asked for, and can cut them.
 */
async function startProxy(target: string, cookie: string | undefined): Promise<Proxy> {
  const open = new Set<ServerResponse>();
  const requests: Proxy['requests'] = [];
  const server = createServer((incoming: IncomingMessage, answer: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', target);
    const input = url.searchParams.get('input');
    const lastEventIdHeader = incoming.headers['last-event-id'];
    requests.push({
      input: input === null ? undefined : superjson.deserialize(JSON.parse(input) as never),
      lastEventIdHeader: typeof lastEventIdHeader === 'string' ? lastEventIdHeader : undefined,
    });
    const headers = { ...incoming.headers, host: url.host };
    delete headers.cookie;
    const upstream = request(url, { method: incoming.method, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    upstream.on('response', (response) => {
      answer.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(answer);
    });
    upstream.on('error', () => answer.destroy());
    open.add(answer);
    answer.on('close', () => {
      open.delete(answer);
      upstream.destroy();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    cut() {
      for (const answer of open) answer.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** Subscribes to `live.changes` through `link`, recording what the subscription is told. */
function subscribe(link: TRPCLink<AppRouter>) {
  const seen: Seen = { started: 0, data: [], errors: [] };
  const subscription = createTRPCClient<AppRouter>({ links: [link] }).live.changes.subscribe(undefined, {
    onStarted: () => {
      seen.started += 1;
    },
    onData: (value) => {
      seen.data.push(value);
    },
    onError: (error) => {
      seen.errors.push(error);
    },
  });
  unsubscribes.push(() => {
    subscription.unsubscribe();
  });
  return seen;
}

/** Both links on one proxy: ours through the global EventSource, tRPC's given it. */
function subscribeBoth(proxy: Proxy) {
  // Our link opens `/trpc/…` against the page's origin, which here is the proxy.
  vi.stubGlobal(
    'EventSource',
    class extends NodeEventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(new URL(url, proxy.base), init);
      }
    },
  );
  const ours = subscribe(sseLink);
  const theirs = subscribe(
    httpSubscriptionLink({ url: `${proxy.base}/trpc`, transformer: superjson, EventSource: NodeEventSource }),
  );
  return { ours, theirs };
}

/** An error as a caller sees it, less the request id that differs from call to call. */
function errorShape(error: unknown) {
  const { name, message, data, shape } = error as TRPCClientError<AppRouter>;
  const strip = (value: unknown) => ({ ...(value as object), requestId: '<id>' });
  return { name, message, data: strip(data), shape: { ...shape, data: strip(shape?.data) } };
}

/** The id a (re)connection asked to resume after: the EventSource header, or the input's field. */
function resumedFrom(entry: Proxy['requests'][number]): string | undefined {
  return entry.lastEventIdHeader ?? (entry.input as { lastEventId?: string } | undefined)?.lastEventId;
}

const ADMIN = 'root@example.com';
const unsubscribes: (() => void)[] = [];
const proxies: Proxy[] = [];
let app: Awaited<ReturnType<typeof buildTestApp>>;
let target = '';

beforeAll(async () => {
  app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN });
  await app.listen({ host: '127.0.0.1', port: 0 });
  target = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const unsubscribe of unsubscribes) unsubscribe();
  vi.unstubAllGlobals();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await app.close();
});

async function proxyFor(cookie: string | undefined) {
  const proxy = await startProxy(target, cookie);
  proxies.push(proxy);
  return proxy;
}

describe("our SSE link and tRPC's httpSubscriptionLink, on the same subscription", () => {
  it('receive the same events with the same tracked ids, and resume from the same id after a lost connection', async () => {
    const admin = await signUpVerified(app, ADMIN);
    const member = await signUpVerified(app, 'member@example.com');
    const memberId = ((await query(app, 'auth.viewer', undefined, { cookie: member })).data as { id: string }).id;
    const setRole = async (role: string) => {
      expect((await mutate(app, 'admin.users.setRole', { userId: memberId, role }, { cookie: admin })).status).toBe(
        200,
      );
    };
    const proxy = await proxyFor(admin);
    const { ours, theirs } = subscribeBoth(proxy);
    const ready = { kind: 'ready' };
    const change = { kind: 'change', entity: 'user', id: memberId };

    await expect.poll(() => [ours.data.length, theirs.data.length]).toEqual([1, 1]);
    await setRole('admin');
    await expect.poll(() => [ours.data.length, theirs.data.length]).toEqual([2, 2]);
    const [, changed] = theirs.data as { id: string; data: unknown }[];
    expect(changed).toEqual({ id: expect.stringMatching(/^\d+$/) as unknown, data: change });

    // Connections lost; two changes happen while both links are away.
    proxy.cut();
    await setRole('member');
    await setRole('admin');
    await expect.poll(() => [ours.data.length, theirs.data.length], { timeout: 15_000 }).toEqual([5, 5]);

    // Event for event, id for id: ready, a change, the two missed changes, ready again.
    expect(ours.data).toEqual(theirs.data);
    expect((ours.data as { data: unknown }[]).map(({ data }) => data)).toEqual([ready, change, change, change, ready]);
    expect(ours.errors).toEqual([]);
    expect(theirs.errors).toEqual([]);
    expect([ours.started, theirs.started]).toEqual([2, 2]);

    // Both resumed after the last id they had: tRPC's EventSource by its Last-Event-ID header,
    // ours in the input (every reconnect is our link's own).
    const resumes = proxy.requests.filter((entry) => resumedFrom(entry) !== undefined);
    expect(resumes.map(resumedFrom)).toEqual([changed?.id, changed?.id]);
    expect(resumes.filter((entry) => entry.lastEventIdHeader === undefined)).toEqual([
      { input: { lastEventId: changed?.id }, lastEventIdHeader: undefined },
    ]);
  }, 60_000);

  it('surface a refused stream (UNAUTHENTICATED) as the same error, and end the subscription', async () => {
    const proxy = await proxyFor(undefined);
    const { ours, theirs } = subscribeBoth(proxy);
    await expect.poll(() => [ours.errors.length, theirs.errors.length]).toEqual([1, 1]);
    expect(errorShape(ours.errors[0])).toEqual(errorShape(theirs.errors[0]));
    expect(errorShape(ours.errors[0]).data).toMatchObject({ appCode: 'UNAUTHENTICATED', httpStatus: 401 });
    // Neither opens the stream again after a refusal that is not a passing one: waited past
    // both links' first retry (ours after 1 s, EventSource's own after 3 s).
    const opened = proxy.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(proxy.requests.length).toBe(opened);
    expect([ours.data, theirs.data]).toEqual([[], []]);
  }, 30_000);
});
