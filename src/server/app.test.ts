import { failRawQueries } from './test/failing-raw-queries.ts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH_SIZE } from '../shared/transport.ts';
import { leaksIn } from './test/answer-checks.ts';
import { signUpVerified } from './test/http-client.ts';
import { buildTestApp, emptyTestDatabaseUrl } from './test/test-app.ts';

interface TrpcErrorBody {
  error: { json: { message: string; code: number; data: { code: string; httpStatus: number; requestId: string } } };
}

const batchOf = (count: number) =>
  `/trpc/${Array.from({ length: count }, () => 'system.health').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;

/** Nothing a client receives may reveal the server's insides (the security tests' checker). */
function expectNoInternals(body: string) {
  expect(leaksIn(body)).toEqual([]);
}

describe('probes', () => {
  it('/healthz answers 200 without touching anything', async () => {
    const app = await buildTestApp();
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database is migrated', async () => {
    const app = await buildTestApp();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 while migrations are pending', async () => {
    const app = await buildTestApp({ DATABASE_URL: await emptyTestDatabaseUrl() });
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unready' });
  });
});

describe('tRPC over HTTP', () => {
  it('answers system.health with a superjson envelope and a request id header', async () => {
    const app = await buildTestApp();
    const response = await app.inject('/trpc/system.health');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const body = response.json<{ result: { data: { json: { status: string }; meta: unknown } } }>();
    expect(body.result.data.json.status).toBe('ok');
    // Dates travel as superjson-tagged strings, so the client gets Date objects back.
    expect(body.result.data.meta).toEqual({ values: { checkedAt: ['Date'] }, v: 1 });
  });

  it('answers a full batch (a path far longer than the router default of 100 characters)', async () => {
    const app = await buildTestApp();
    const response = await app.inject(batchOf(TRPC_MAX_BATCH_SIZE));
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>()).toHaveLength(TRPC_MAX_BATCH_SIZE);
  });
});

describe('bad input gets a 4xx in tRPC shape, and the server keeps serving', () => {
  const cases: { name: string; request: InjectOptions | string; status: number; code: string }[] = [
    {
      name: 'malformed JSON',
      request: {
        method: 'POST',
        url: '/trpc/system.health?batch=1',
        headers: { 'content-type': 'application/json' },
        payload: '{"0":',
      },
      status: 400,
      code: 'BAD_REQUEST',
    },
    {
      name: 'a wrong content type',
      request: { method: 'POST', url: '/trpc/system.health', headers: { 'content-type': 'text/plain' }, payload: '{}' },
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'a multipart body',
      request: {
        method: 'POST',
        url: '/trpc/system.health',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      },
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'a prototype-poisoning body',
      request: {
        method: 'POST',
        url: '/trpc/system.health?batch=1',
        headers: { 'content-type': 'application/json' },
        payload: '{"0":{"json":{"__proto__":{"admin":true}}}}',
      },
      status: 400,
      code: 'BAD_REQUEST',
    },
    { name: 'an unknown procedure', request: '/trpc/system.nope', status: 404, code: 'NOT_FOUND' },
    { name: 'an unknown path under /trpc', request: '/trpc/a/b/c', status: 404, code: 'NOT_FOUND' },
    {
      name: 'a body over the limit',
      request: {
        method: 'POST',
        url: '/trpc/system.health',
        headers: { 'content-type': 'application/json' },
        payload: `"${'x'.repeat(70_000)}"`,
      },
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
    { name: 'a batch over the limit', request: batchOf(TRPC_MAX_BATCH_SIZE + 1), status: 400, code: 'BAD_REQUEST' },
    {
      // Queries may come as POST (a query too long for a URL), mutations never as GET.
      name: 'a GET to a mutation',
      request: { method: 'GET', url: '/trpc/auth.signOut' },
      status: 405,
      code: 'METHOD_NOT_SUPPORTED',
    },
  ];

  it.each(cases)('$name → $status $code', async ({ request, status, code }) => {
    const app = await buildTestApp({ BODY_LIMIT_BYTES: 64 * 1024 });
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = response.json<TrpcErrorBody | TrpcErrorBody[]>();
    const error = (Array.isArray(body) ? body[0] : body)?.error.json;
    expect(error?.data).toMatchObject({ code, httpStatus: status, requestId: response.headers['x-request-id'] });
    expectNoInternals(response.body);
    expect((await app.inject('/trpc/system.health')).statusCode).toBe(200);
  });

  it('an internal failure reaches the client as a generic message with the request id, not the cause', async () => {
    // system.info asks the database for its engine, for an admin (visitors get no build details).
    const app = await buildTestApp({ FIRST_ADMIN_EMAIL: 'root@example.com' });
    const cookie = await signUpVerified(app, 'root@example.com');
    failRawQueries(app.db, new Error('SqliteError: no such table: secret_table at /work/main/src/x.ts:1:1'));
    const response = await app.inject({ url: '/trpc/system.info', headers: { cookie } });
    expect(response.statusCode).toBe(500);
    const error = response.json<TrpcErrorBody>().error.json;
    expect(error.data.code).toBe('INTERNAL_SERVER_ERROR');
    expect(error.message).toMatch(/request id/);
    expect(response.body).not.toContain('secret_table');
    expectNoInternals(response.body);
  });
});

describe('internal errors in development', () => {
  it('show their message to the developer, still without a stack', async () => {
    const app = await buildTestApp({ NODE_ENV: 'development', FIRST_ADMIN_EMAIL: 'root@example.com' });
    const cookie = await signUpVerified(app, 'root@example.com');
    failRawQueries(app.db, new Error('no such table: widgets'));
    const response = await app.inject({ url: '/trpc/system.info', headers: { cookie } });
    expect(response.statusCode).toBe(500);
    expect(response.json<TrpcErrorBody>().error.json.message).toContain('no such table: widgets');
    expect(response.body).not.toMatch(/"stack"/);
  });
});

describe('outside /trpc', () => {
  it('an unknown API-like path gets a JSON 404 when no client is served', async () => {
    const app = await buildTestApp();
    const response = await app.inject('/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: { code: 'NOT_FOUND', requestId: response.headers['x-request-id'] },
    });
  });
});
