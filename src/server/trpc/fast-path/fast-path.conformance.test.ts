import {
  createTRPCClient,
  httpBatchLink,
  httpBatchStreamLink,
  httpLink,
  TRPCClientError,
  type TRPCLink,
} from '@trpc/client';
import { lazy } from '@trpc/server';
import trpcPackage from '@trpc/server/package.json' with { type: 'json' };
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TRPC_MAX_BATCH_SIZE } from '../../../shared/transport.ts';
import { trpcLinks } from '../../../shared/trpc-client-links.ts';
import { trpcPlugin } from '../../plugins/trpc.ts';
import { appRouter, type AppRouter } from '../../router.ts';
import { mutate, PASSWORD, sessionCookie, signUpVerified } from '../../test/http-client.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { publicProcedure, router } from '../init.ts';
import { FAST_PATH_CHECKED_WITH_TRPC } from './trpc-internals.ts';

/**
 * The fast path against tRPC's stock adapter, on one real app: the same router is
 * mounted twice beside the app's own /trpc, once through the fast path and once
 * through `fastifyRequestHandler`, behind the same hooks, parsers and services.
 * Every request goes to both, and the answers must be equal byte for byte (status,
 * body, headers), but for framing: the fast path sends Content-Length, the stock
 * adapter a chunked stream, which is also how each case proves which path served it.
 *
 * tRPC is pinned (11.19.0); this suite, not a reading of tRPC's source, is what
 * says whether the fast path still matches after an upgrade. `npm test` runs it twice:
 * as is, and with TRPC_FAST_PATH=false (the app's own /trpc on the stock adapter).
 */

it('was last passed against the installed tRPC', () => {
  expect(
    trpcPackage.version,
    'tRPC changed: run this suite both ways (vitest.config.ts), re-read trpc-internals.ts, then update FAST_PATH_CHECKED_WITH_TRPC (docs/decisions/0023-trpc-fast-path.md)',
  ).toBe(FAST_PATH_CHECKED_WITH_TRPC);
});

const FAST = '/trpc-fast';
const STOCK = '/trpc-stock';
const ORIGIN = 'http://localhost:3000';
// One id for every request, so error bodies (which carry it) compare equal.
const REQUEST_ID = 'conformance-request-0001';

async function* twoTicks() {
  yield 1;
  yield 2;
}

/** How often each counted procedure ran: a request falling back must not run one twice. */
const runs = { echoMutation: 0, ticks: 0 };

/** Values only superjson carries across the wire: the transformer must round-trip each. */
const superjsonValues = () => ({
  date: new Date(0),
  map: new Map([['a', 1]]),
  set: new Set(['x', 'y']),
  big: 10n,
  missing: undefined,
  notANumber: Number.NaN,
});

/** The app's router and what it cannot show: values superjson carries, crashes, streams, a subscription. */
const conformanceRouter = router({
  ...appRouter._def.record,
  conformance: {
    values: publicProcedure.query(() => superjsonValues()),
    echo: publicProcedure.input(z.unknown()).query(({ input }) => ({ input })),
    echoMutation: publicProcedure.input(z.unknown()).mutation(({ input }) => {
      runs.echoMutation += 1;
      return { input };
    }),
    crash: publicProcedure.query(() => {
      throw new Error('a bug at /srv/app/secret.ts');
    }),
    crashWithValue: publicProcedure.query(() => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a careless library might throw
      throw { reason: 'not an Error' };
    }),
    iterable: publicProcedure.query(() => twoTicks()),
    deferred: publicProcedure.query(() => ({ later: Promise.resolve(1) })),
    headers: publicProcedure.query(({ ctx }) => {
      ctx.setCookies(['a=1; Path=/', 'b=2; Path=/; HttpOnly']);
      void ctx.res?.header('cache-control', 'no-store');
      return 'ok';
    }),
    ticks: publicProcedure.subscription(() => {
      runs.ticks += 1;
      return twoTicks();
    }),
    later: lazy(async () => router({ ping: publicProcedure.query(() => 'pong') })),
  },
});
type ConformanceRouter = typeof conformanceRouter;

let app: FastifyInstance;
let member = '';
let admin = '';

beforeAll(async () => {
  app = await buildTestApp({
    FIRST_ADMIN_EMAIL: 'admin@example.com',
    RATE_LIMIT_PER_MINUTE: 1_000_000,
    AUTH_RATE_LIMIT: 1_000_000,
  });
  // The conformance router holds every AppRouter procedure and more; the plugin's type names the app's.
  const mounted = conformanceRouter as unknown as AppRouter;
  await app.register(trpcPlugin, { services: app.services, router: mounted, mountPath: FAST, fastPath: true });
  await app.register(trpcPlugin, { services: app.services, router: mounted, mountPath: STOCK, fastPath: false });
  admin = await signUpVerified(app, 'admin@example.com');
  member = await signUpVerified(app, 'member@example.com');
});

interface RawCase {
  method?: 'GET' | 'POST' | 'HEAD';
  /** After the mount point: `/system.info?input=…`. */
  url: string;
  body?: string;
  headers?: Record<string, string>;
}

/** Headers that differ between any two requests, whoever answers: the clock and the rate limit's count. */
const UNCOMPARED = new Set([
  'date',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'content-length',
  'transfer-encoding',
]);

/** What must be equal: status, headers but framing and clocks, body bytes (uptime and session tokens masked). */
function comparable(response: LightMyRequestResponse) {
  const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !UNCOMPARED.has(name)));
  const mask = (text: string) =>
    text.replace(/"uptimeSeconds":\d+/g, '"uptimeSeconds":0').replace(/(session_(?:token|data)=)[^;]+/g, '$1…');
  const setCookie = headers['set-cookie'];
  if (setCookie !== undefined) headers['set-cookie'] = [setCookie].flat().map((value) => mask(String(value)));
  return { status: response.statusCode, headers, body: mask(response.body) };
}

/** Which path wrote the answer: the fast path gives its length, the stock adapter streams. */
function servedBy(response: LightMyRequestResponse): 'fast' | 'stock' {
  if (response.headers['transfer-encoding'] === 'chunked') return 'stock';
  return response.headers['content-length'] === undefined ? 'stock' : 'fast';
}

async function send(mount: string, request: RawCase): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method ?? 'GET',
    url: `${mount}${request.url}`,
    headers: { 'x-request-id': REQUEST_ID, ...request.headers },
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
}

/** Sends `request` to both mounts; the answers must match. Returns the fast mount's answer. */
async function expectSameAnswer(request: RawCase, servedByExpected: 'fast' | 'stock' = 'fast') {
  const stock = await send(STOCK, request);
  const fast = await send(FAST, request);
  expect(comparable(fast)).toEqual(comparable(stock));
  expect(servedBy(stock)).toBe('stock');
  expect(servedBy(fast)).toBe(servedByExpected);
  return fast;
}

const json = { 'content-type': 'application/json', origin: ORIGIN };
const input = (value: unknown) => encodeURIComponent(JSON.stringify(superjson.serialize(value)));
const batchInput = (...values: unknown[]) =>
  encodeURIComponent(
    JSON.stringify(Object.fromEntries(values.map((value, index) => [index, superjson.serialize(value)]))),
  );
const calls = (...paths: string[]) => paths.join(',');

describe('the fast path answers as tRPC does: raw requests', () => {
  it.each<[string, RawCase, number]>([
    ['a query over GET', { url: '/system.info' }, 200],
    [
      'a query whose answer superjson annotates (Date, Map, Set, BigInt, undefined, NaN)',
      { url: '/conformance.values' },
      200,
    ],
    ['a query with input', { url: `/conformance.echo?input=${input({ at: new Date(5), list: [1, 'two'] })}` }, 200],
    ['a query in a lazy router', { url: '/conformance.later.ping' }, 200],
    ['the signed-out viewer', { url: '/auth.viewer' }, 200],
    ['a query over POST (method override)', { method: 'POST', url: '/system.info', body: '{}', headers: json }, 200],
    [
      'a query with input over POST',
      {
        method: 'POST',
        url: '/conformance.echo',
        body: JSON.stringify(superjson.serialize({ a: [1] })),
        headers: json,
      },
      200,
    ],
    [
      'a mutation',
      { method: 'POST', url: '/conformance.echoMutation', body: JSON.stringify({ json: { a: 'b' } }), headers: json },
      200,
    ],
    [
      'a mutation without a body envelope',
      { method: 'POST', url: '/conformance.echoMutation', body: '[1]', headers: json },
      200,
    ],
    ['cookies and headers a procedure sets', { url: '/conformance.headers' }, 200],
    ['a batch of queries', { url: `/${calls('system.info', 'auth.viewer', 'conformance.values')}?batch=1` }, 200],
    [
      'a batch with inputs, one missing',
      {
        url: `/${calls('conformance.echo', 'conformance.echo', 'conformance.echo')}?batch=1&input=${batchInput(1, undefined, 'three')}`,
      },
      200,
    ],
    [
      'a batch of mutations',
      {
        method: 'POST',
        url: `/${calls('conformance.echoMutation', 'conformance.echoMutation')}?batch=1`,
        body: JSON.stringify({ 0: { json: 1 }, 1: { json: [true] } }),
        headers: json,
      },
      200,
    ],
    ['an input that is not JSON, to a procedure without input', { url: '/system.info?input=not-json' }, 200],
    ['valid connection params', { url: `/system.info?connectionParams=${encodeURIComponent('{"a":"b"}')}` }, 200],
    ['a path percent-encoded twice', { url: '/system%252Einfo' }, 200],
    ['a catalogued error (NOT_IMPLEMENTED)', { url: `/records.get?input=${input({ id: 'r1' })}` }, 501],
    [
      'a catalogued error from a mutation',
      { method: 'POST', url: '/records.create', body: JSON.stringify({ json: { name: 'A' } }), headers: json },
      501,
    ],
    [
      'a zod validation error',
      {
        method: 'POST',
        url: '/auth.signIn',
        body: JSON.stringify({ json: { email: 'not-an-email', password: '' } }),
        headers: json,
      },
      400,
    ],
    [
      'wrong credentials',
      {
        method: 'POST',
        url: '/auth.signIn',
        body: JSON.stringify({ json: { email: 'nobody@example.com', password: 'wrong' } }),
        headers: json,
      },
      401,
    ],
    ['a signed-in procedure, signed out (UNAUTHORIZED)', { url: '/auth.sessions.list' }, 401],
    ['a thrown Error (INTERNAL_SERVER_ERROR)', { url: '/conformance.crash' }, 500],
    ['a thrown non-Error', { url: '/conformance.crashWithValue' }, 500],
    ['a stream-like answer to a non-streaming call', { url: '/conformance.iterable' }, 415],
    ['an answer holding a promise', { url: '/conformance.deferred' }, 415],
    ['a mutation over GET', { url: '/records.create' }, 405],
    ['an unknown procedure', { url: '/nope.nothing' }, 404],
    ['an unknown procedure over POST', { method: 'POST', url: '/nope', body: '{}', headers: json }, 404],
    ['two paths without batch=1', { url: `/${calls('system.info', 'system.info')}` }, 404],
    ['an input that is not JSON', { url: '/records.get?input=not-json' }, 400],
    [
      'an input without the superjson envelope',
      { url: `/records.get?input=${encodeURIComponent('{"id":"r1"}')}` },
      400,
    ],
    ['a JSON null body', { method: 'POST', url: '/conformance.echoMutation', body: 'null', headers: json }, 400],
    [
      'a batch whose input is not an object',
      { url: `/conformance.echo?batch=1&input=${encodeURIComponent('[1]')}` },
      400,
    ],
    ['a batch whose input is a number', { url: `/conformance.echo?batch=1&input=5` }, 400],
    ['malformed connection params', { url: '/system.info?connectionParams=nope' }, 400],
    [
      'a batch over the limit',
      { url: `/${calls(...Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'system.info'))}?batch=1` },
      400,
    ],
    [
      'a POST batch over the limit',
      {
        method: 'POST',
        url: `/${calls(...Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'records.create'))}?batch=1`,
        body: '{}',
        headers: json,
      },
      400,
    ],
    ['a batch mixing queries and mutations', { url: `/${calls('system.info', 'records.create')}?batch=1` }, 400],
    ['a batch with an unknown procedure', { url: `/${calls('system.info', 'nope')}?batch=1` }, 207],
    [
      'a batch of successes and catalogued errors',
      {
        url: `/${calls('system.info', 'records.get', 'auth.sessions.list')}?batch=1&input=${batchInput(undefined, { id: 'r1' })}`,
      },
      207,
    ],
    ['a batch with a crash', { url: `/${calls('conformance.crash', 'conformance.values')}?batch=1` }, 207],
    ['a batch with a stream-like answer', { url: `/${calls('conformance.iterable', 'system.info')}?batch=1` }, 207],
    ['a batch of mutations over GET', { url: `/${calls('conformance.echoMutation', 'records.create')}?batch=1` }, 405],
    [
      'a batch of mutations with different errors',
      {
        method: 'POST',
        url: `/${calls('records.create', 'auth.signIn', 'nope')}?batch=1`,
        body: JSON.stringify({ 0: { json: { name: 'A' } }, 1: { json: { email: 'x' } } }),
        headers: json,
      },
      207,
    ],
  ])('%s', async (_name, request, status) => {
    const answer = await expectSameAnswer(request);
    expect(answer.statusCode).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers.vary).toBe('trpc-accept, accept');
  });

  it('answers signed-in callers: the viewer, FORBIDDEN for a member, an admin query', async () => {
    const viewer = await expectSameAnswer({ url: '/auth.viewer', headers: { cookie: member } });
    expect(viewer.json()).toMatchObject({ result: { data: { json: { email: 'member@example.com' } } } });
    const forbidden = await expectSameAnswer({
      url: `/admin.users.list?input=${input({})}`,
      headers: { cookie: member },
    });
    expect(forbidden.statusCode).toBe(403);
    const listed = await expectSameAnswer({ url: `/admin.users.list?input=${input({})}`, headers: { cookie: admin } });
    expect(listed.statusCode).toBe(200);
  });

  it('a signing-in mutation sets the session cookie; signing out clears it', async () => {
    const signIn: RawCase = {
      method: 'POST',
      url: '/auth.signIn',
      body: JSON.stringify({ json: { email: 'member@example.com', password: PASSWORD } }),
      headers: json,
    };
    const signedIn = await expectSameAnswer(signIn);
    expect(signedIn.statusCode).toBe(200);
    expect(String(signedIn.headers['set-cookie'])).toContain('session_token=');

    // One session for each mount: signing out ends the session it is called with.
    const sessions = [0, 1].map(async () =>
      sessionCookie(await mutate(app, 'auth.signIn', { email: 'member@example.com', password: PASSWORD })),
    );
    const [forStock, forFast] = await Promise.all(sessions);
    const signOut = (cookie: string | undefined) => ({
      method: 'POST' as const,
      url: '/auth.signOut',
      body: '{}',
      headers: { ...json, cookie: cookie ?? '' },
    });
    const stock = await send(STOCK, signOut(forStock));
    const fast = await send(FAST, signOut(forFast));
    expect(comparable(fast)).toEqual(comparable(stock));
    expect(servedBy(fast)).toBe('fast');
    expect(fast.statusCode).toBe(200);
    expect(String(fast.headers['set-cookie'])).toMatch(/session_token=;/);
  });

  it("serves the app's own /trpc through the path TRPC_FAST_PATH picks, with the same answers", async () => {
    const expected = app.services.config.TRPC_FAST_PATH ? 'fast' : 'stock';
    expect(expected).toBe(process.env.TRPC_FAST_PATH === 'false' ? 'stock' : 'fast');
    for (const url of ['/system.info', `/records.get?input=${input({ id: 'r1' })}`, '/nope']) {
      const own = await app.inject({ url: `/trpc${url}`, headers: { 'x-request-id': REQUEST_ID } });
      const stock = await send(STOCK, { url });
      expect(comparable(own)).toEqual(comparable(stock));
      expect(servedBy(own)).toBe(expected);
    }
  });
});

describe('what the fast path does not cover goes to the stock adapter, whole', () => {
  it.each<[string, RawCase, number]>([
    [
      'a streamed batch (trpc-accept: application/jsonl)',
      {
        url: `/${calls('system.info', 'records.get')}?batch=1&input=${batchInput(undefined, { id: 'r1' })}`,
        headers: { 'trpc-accept': 'application/jsonl' },
      },
      200,
    ],
    [
      'a streamed batch asked for through Accept',
      { url: `/${calls('system.info')}?batch=1`, headers: { accept: 'application/json, application/jsonl' } },
      200,
    ],
    [
      'a streamed call that is not a batch',
      { url: '/system.info', headers: { 'trpc-accept': 'application/jsonl' } },
      400,
    ],
    ['a subscription (server-sent events)', { url: '/conformance.ticks' }, 200],
    ['a POST without a body or a content type', { method: 'POST', url: '/system.info' }, 415],
    [
      'a JSON body that is a bare string',
      { method: 'POST', url: '/conformance.echoMutation', body: '"12"', headers: json },
      200,
    ],
    [
      'a GET declaring form data',
      { url: '/system.info', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
      405,
    ],
    ['a path that cannot be decoded twice', { url: '/system%25zz' }, 500],
  ])('%s', async (_name, request, status) => {
    const answer = await expectSameAnswer(request, 'stock');
    expect(answer.statusCode).toBe(status);
  });

  it('runs a subscription once, through the stock adapter, and streams its events', async () => {
    const before = runs.ticks;
    const answer = await send(FAST, { url: '/conformance.ticks' });
    expect(runs.ticks).toBe(before + 1);
    expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(answer.body).toContain('data: {"json":1}\n\n\ndata: {"json":2}\n\n\nevent: return');
  });

  it('runs a mutation it hands over once', async () => {
    const before = runs.echoMutation;
    const answer = await send(FAST, { method: 'POST', url: '/conformance.echoMutation', body: '"12"', headers: json });
    expect(runs.echoMutation).toBe(before + 1);
    expect(answer.statusCode).toBe(200);
  });
});

type Recorded = ReturnType<typeof comparable> & { request: string; servedBy: 'fast' | 'stock' };

/** `fetch` through `inject`, recording every answer with the request it answers. */
function recordingFetch(answers: Recorded[]): typeof fetch {
  return async (url, init) => {
    const target = new URL(url instanceof Request ? url.url : String(url));
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...Object.fromEntries(new Headers(init?.headers)), 'x-request-id': REQUEST_ID, origin: ORIGIN },
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const procedurePath = target.pathname.replace(/^\/trpc-(?:fast|stock)/, '');
    const request = `${init?.method ?? 'GET'} ${procedurePath}${target.search} ${typeof init?.body === 'string' ? init.body : ''}`;
    answers.push({ ...comparable(response), request, servedBy: servedBy(response) });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of [value ?? []].flat()) headers.append(name, String(item));
    }
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };
}

type Client = ReturnType<typeof createTRPCClient<ConformanceRouter>>;
type LinkFactory = (url: string, fetch: typeof globalThis.fetch) => TRPCLink<ConformanceRouter>[];

/** A call's outcome as the client sees it: the data, or the error's message, shape and data. */
async function outcome(call: Promise<unknown>) {
  return call.then(
    (data) => ({ data }),
    (error: unknown) => {
      if (!(error instanceof TRPCClientError)) throw error;
      const failure = error as TRPCClientError<ConformanceRouter>;
      return { message: failure.message, shape: failure.shape, data: failure.data };
    },
  );
}

/** `value` with system.info's uptime, the one field that may tick between two calls, set to 0. */
function withoutUptime(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUptime);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'uptimeSeconds' ? 0 : withoutUptime(item)]),
  );
}

/** Runs `scenario` with the link against both mounts: the outcomes and every answer on the wire must match. */
async function expectSameThroughClient(
  links: LinkFactory,
  scenario: (client: Client) => Promise<unknown>[],
  servedByExpected: 'fast' | 'stock' = 'fast',
) {
  const run = async (mount: string) => {
    const answers: Recorded[] = [];
    const client = createTRPCClient<ConformanceRouter>({
      links: links(`http://localhost${mount}`, recordingFetch(answers)),
    });
    const outcomes = await Promise.all(scenario(client).map(outcome));
    // Unbatched calls run concurrently and finish in any order; compare them by request.
    answers.sort((a, b) => a.request.localeCompare(b.request));
    return { outcomes, answers };
  };
  const stock = await run(STOCK);
  const fast = await run(FAST);
  expect(withoutUptime(fast.outcomes)).toEqual(withoutUptime(stock.outcomes));
  expect(fast.answers.map(({ servedBy: _, ...answer }) => answer)).toEqual(
    stock.answers.map(({ servedBy: _, ...answer }) => answer),
  );
  expect(fast.answers.map((answer) => answer.servedBy)).toEqual(fast.answers.map(() => servedByExpected));
  expect(fast.answers.length).toBeGreaterThan(0);
  return fast.outcomes;
}

const everyKind = (client: Client) => [
  client.system.info.query(),
  client.auth.viewer.query(),
  client.conformance.values.query(),
  // Inputs carry the superjson tags an input may (trpc/superjson-input.ts); answers carry any.
  client.conformance.echo.query({ when: new Date(7), tags: ['a'], none: undefined }),
  client.conformance.echoMutation.mutate({ far: Number.POSITIVE_INFINITY }),
  client.records.get.query({ id: 'r1' }),
  client.records.create.mutate({ name: 'A name' }),
  client.auth.signIn.mutate({ email: 'not-an-email', password: '' }),
  client.auth.sessions.list.query(),
  client.conformance.crash.query(),
];

describe('the official client links get the same answers from both', () => {
  const superjsonLink = { transformer: superjson };
  it.each<[string, LinkFactory]>([
    ['httpLink', (url, fetch) => [httpLink({ url, fetch, ...superjsonLink })]],
    ['httpBatchLink', (url, fetch) => [httpBatchLink({ url, fetch, ...superjsonLink })]],
    [
      'httpBatchLink with method override',
      (url, fetch) => [httpBatchLink({ url, fetch, methodOverride: 'POST', ...superjsonLink })],
    ],
    [
      "the app's own links (src/shared/trpc-client-links.ts)",
      (url, fetch) => trpcLinks({ url, fetch }) as TRPCLink<ConformanceRouter>[],
    ],
  ])('%s', async (_name, links) => {
    const outcomes = await expectSameThroughClient(links, everyKind);
    expect(outcomes[2]).toEqual({
      data: superjsonValues(),
    });
    expect(outcomes[5]).toMatchObject({ data: { appCode: 'NOT_IMPLEMENTED', httpStatus: 501, requestId: REQUEST_ID } });
  });

  it('httpBatchStreamLink is served by the stock adapter, and works', async () => {
    const outcomes = await expectSameThroughClient(
      (url, fetch) => [httpBatchStreamLink({ url, fetch, ...superjsonLink })],
      (client) => [
        client.system.info.query(),
        client.records.get.query({ id: 'r1' }),
        client.conformance.values.query(),
      ],
      'stock',
    );
    expect(outcomes[0]).toMatchObject({ data: { name: expect.any(String) as unknown } });
    expect(outcomes[1]).toMatchObject({ data: { appCode: 'NOT_IMPLEMENTED' } });
  });
});
