import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { strictlyLimitedProcedures } from './strict-limits.ts';
import { appRouter } from '../router.ts';
import { PASSWORD, query } from '../test/http-client.ts';
import { buildTestApp, buildTestAppWithLog } from '../test/test-app.ts';
import { listProcedures } from '../trpc/procedure-list.ts';

const ORIGIN = 'http://localhost:3000';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn(
    '\n*** SKIPPED: rate limits shared through Redis (3 tests). Set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them; .ci/run sets it when Redis answers. ***\n',
  );
}

/** A batch of sign-ins with a wrong password, as a password-guessing bot sends them. */
async function signInBatch(app: FastifyInstance, count: number, headers: Record<string, string> = {}) {
  const inputs = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      index,
      { json: { email: 'ada@example.com', password: `${PASSWORD}${index}` } },
    ]),
  );
  const response = await app.inject({
    method: 'POST',
    url: `/trpc/${Array(count).fill('auth.signIn').join(',')}?batch=1`,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(inputs),
  });
  const answers = response.json<{ error?: { json: { data: { appCode: string } } } }[]>();
  return { response, codes: answers.map((answer) => answer.error?.json.data.appCode ?? 'ok') };
}

/** A request no route matches, as scanners send them: counted in the global bucket, refused with the catalogue's body. */
async function expectUnmatchedRefused(app: FastifyInstance) {
  const page = await app.inject({ method: 'GET', url: '/no-such-api', headers: { accept: 'application/json' } });
  expect(page.statusCode).toBe(429);
  expect(page.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
}

describe('rate limits', () => {
  it('name only procedures that exist', () => {
    const paths = listProcedures(appRouter).map(({ path }) => path);
    for (const procedure of strictlyLimitedProcedures) expect(paths).toContain(procedure);
  });

  it('count every call of a batch against the strict limit: 20 sign-ins count 20', async () => {
    const app = await buildTestApp({ AUTH_RATE_LIMIT: 5 });
    const { response, codes } = await signInBatch(app, 20);
    expect(codes).toEqual([...Array<string>(5).fill('INVALID_CREDENTIALS'), ...Array<string>(15).fill('RATE_LIMITED')]);
    // Only the refused calls get RATE_LIMITED (429); the others keep their own answer
    // (401 here), so the batch as a whole is 207, mixed (decision 0012).
    expect(response.statusCode).toBe(207);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);

    // The next one alone: 429 with Retry-After and the catalogue's body.
    const alone = await signInBatch(app, 1);
    expect(alone.response.statusCode).toBe(429);
    expect(alone.codes).toEqual(['RATE_LIMITED']);
    expect(Number(alone.response.headers['retry-after'])).toBeGreaterThan(0);
    // Other procedures are not affected by the strict limit.
    expect((await query(app, 'system.health')).status).toBe(200);
  });

  it('limit every request per client with the global limit, answering 429 RATE_LIMITED with Retry-After; probes are exempt', async () => {
    const app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: 3 });
    for (let index = 0; index < 3; index += 1) expect((await query(app, 'system.health')).status).toBe(200);
    const refused = await query(app, 'system.health');
    expect([refused.status, refused.appCode]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
    await expectUnmatchedRefused(app);
    for (const probe of ['/healthz', '/readyz']) expect((await app.inject(probe)).statusCode).toBe(200);
  });

  it('ignore X-Forwarded-For unless it comes from a trusted proxy: a client cannot pick a fresh bucket', async () => {
    const spoofed = await buildTestApp({ AUTH_RATE_LIMIT: 2 });
    expect((await signInBatch(spoofed, 2, { 'x-forwarded-for': '203.0.113.1' })).codes).not.toContain('RATE_LIMITED');
    expect((await signInBatch(spoofed, 1, { 'x-forwarded-for': '203.0.113.2' })).codes).toEqual(['RATE_LIMITED']);

    // Behind a trusted proxy (inject connects from 127.0.0.1), each client has its own bucket.
    const proxied = await buildTestApp({ AUTH_RATE_LIMIT: 2, TRUSTED_PROXIES: ['127.0.0.1'] });
    expect((await signInBatch(proxied, 2, { 'x-forwarded-for': '203.0.113.1' })).codes).not.toContain('RATE_LIMITED');
    expect((await signInBatch(proxied, 1, { 'x-forwarded-for': '203.0.113.1' })).codes).toEqual(['RATE_LIMITED']);
    expect((await signInBatch(proxied, 1, { 'x-forwarded-for': '203.0.113.2' })).codes).toEqual([
      'INVALID_CREDENTIALS',
    ]);
  });
});

/**
 * Two app instances on one Redis play two containers behind a load balancer (decision
 * 0015). Each test has a key prefix of its own (ioredis's `keyPrefix`, given in the
 * URL), removed after the file.
 */
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  const runPrefix = `test:rate-limit:${randomUUID()}:`;
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  afterAll(async () => {
    const keys = await redis.keys(`${runPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  /** Two instances sharing one Redis, under a prefix of the test's own. */
  async function twoInstances(name: string, limits: { RATE_LIMIT_PER_MINUTE?: number; AUTH_RATE_LIMIT?: number }) {
    const prefix = `${runPrefix}${name}:`;
    const url = new URL(redisUrl ?? '');
    url.searchParams.set('keyPrefix', prefix);
    const config = { REDIS_URL: url.toString(), ...limits };
    const [a, b] = await Promise.all([buildTestApp(config), buildTestApp(config)]);
    /** The counters in Redis, by key without the test's prefix. */
    const counters = async () => {
      const keys = (await redis.keys(`${prefix}*`)).sort();
      const values = keys.length > 0 ? await redis.mget(...keys) : [];
      return Object.fromEntries(keys.map((key, index) => [key.slice(prefix.length), Number(values[index])]));
    };
    return { a, b, counters };
  }

  it('share the global limit between instances: 3 requests on A, 3 on B, the 6th is refused', async () => {
    const { a, b, counters } = await twoInstances('global', { RATE_LIMIT_PER_MINUTE: 5 });
    for (let index = 0; index < 3; index += 1) expect((await query(a, 'system.health')).status).toBe(200);
    for (let index = 0; index < 2; index += 1) expect((await query(b, 'system.health')).status).toBe(200);
    const refused = await query(b, 'system.health');
    expect([refused.status, refused.appCode]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
    await expectUnmatchedRefused(a);
    expect(await counters()).toEqual({ 'rl:global:127.0.0.1': 7 });
  });

  it('share the strict auth limit between instances, apart from the global count', async () => {
    const { a, b, counters } = await twoInstances('strict', { AUTH_RATE_LIMIT: 3 });
    expect((await signInBatch(a, 1)).codes).toEqual(['INVALID_CREDENTIALS']);
    expect((await signInBatch(a, 1)).codes).toEqual(['INVALID_CREDENTIALS']);
    expect((await signInBatch(b, 1)).codes).toEqual(['INVALID_CREDENTIALS']);
    const refused = await signInBatch(b, 1);
    expect([refused.response.statusCode, ...refused.codes]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
    // Other procedures are not affected by the strict limit.
    expect((await query(b, 'system.health')).status).toBe(200);
    expect(await counters()).toEqual({ 'rl:global:127.0.0.1': 5, 'rl:strict:auth.signIn:127.0.0.1': 4 });
  });

  it('count every call of a batch: 20 sign-ins on A count 20, then B refuses', async () => {
    const { a, b, counters } = await twoInstances('batch', { AUTH_RATE_LIMIT: 5 });
    const { response, codes } = await signInBatch(a, 20);
    expect(codes).toEqual([...Array<string>(5).fill('INVALID_CREDENTIALS'), ...Array<string>(15).fill('RATE_LIMITED')]);
    expect(response.statusCode).toBe(207);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const alone = await signInBatch(b, 1);
    expect([alone.response.statusCode, ...alone.codes]).toEqual([429, 'RATE_LIMITED']);
    expect(await counters()).toMatchObject({ 'rl:strict:auth.signIn:127.0.0.1': 21 });
  });
});

// Need no Redis: a closed port stands for one that is down, a fake for one that hangs.
describe('rate limits when Redis is unreachable', () => {
  it('fail open: the app starts, requests and sign-ins pass beyond the limits, and a warning is logged', async () => {
    const { app, lines } = await buildTestAppWithLog({
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      RATE_LIMIT_PER_MINUTE: 2,
      AUTH_RATE_LIMIT: 1,
      LOG_LEVEL: 'warn',
    });
    for (let index = 0; index < 4; index += 1) expect((await query(app, 'system.health')).status).toBe(200);
    expect((await signInBatch(app, 3)).codes).toEqual(Array<string>(3).fill('INVALID_CREDENTIALS'));
    await vi.waitFor(() => {
      expect(lines.filter((line) => line.includes('Redis for rate limits is unreachable'))).toHaveLength(1);
    });
  });

  it('fail open when Redis stops answering: checks pass after the command timeout, then the connection is dropped and logged', async () => {
    const { app, lines } = await buildTestAppWithLog({
      REDIS_URL: `redis://127.0.0.1:${await silentRedisPort()}`,
      RATE_LIMIT_PER_MINUTE: 1,
      LOG_LEVEL: 'warn',
    });
    for (let index = 0; index < 3; index += 1) expect((await query(app, 'system.health')).status).toBe(200);
    await vi.waitFor(
      () => {
        expect(lines.find((line) => line.includes('Redis for rate limits is unreachable'))).toContain('Socket timeout');
      },
      { timeout: 3_000 },
    );
  });
});

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A Redis that completes ioredis's handshake on its first connection (CLIENT SETINFO,
 * the INFO ready check) and then answers nothing, as a hung server does.
 */
async function silentRedisPort(): Promise<number> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    const answers = sockets.length === 0;
    sockets.push(socket);
    socket.on('data', (data) => {
      if (!answers) return;
      // Each command is a RESP array whose first element is its name.
      for (const [, name] of data.toString().matchAll(/\*\d+\r\n\$\d+\r\n(\w+)/g)) {
        if (/^info$/i.test(name ?? '')) socket.write('$21\r\n# Server\r\nloading:0\r\n\r\n');
        else if (/^client$/i.test(name ?? '')) socket.write('+OK\r\n');
      }
    });
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
