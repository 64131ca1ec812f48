import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { strictlyLimitedProcedures } from '../rate-limit/strict-limits.ts';
import { appRouter } from '../router.ts';
import { PASSWORD, query } from '../test/http-client.ts';
import { buildTestApp } from '../test/test-app.ts';
import { listProcedures } from '../trpc/procedure-list.ts';

const ORIGIN = 'http://localhost:3000';

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
    const page = await app.inject({ method: 'GET', url: '/no-such-api', headers: { accept: 'application/json' } });
    expect(page.statusCode).toBe(429);
    expect(page.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
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
