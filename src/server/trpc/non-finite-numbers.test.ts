import type { FastifyInstance } from 'fastify';
import SuperJSON from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../router.ts';
import { signUpVerified } from '../test/http-client.ts';
import { procedureSeeds } from '../test/procedure-seeds.ts';
import { buildTestApp } from '../test/test-app.ts';
import { listProcedures } from './procedure-list.ts';

/**
 * JSON has no Infinity, but `1e309` is valid JSON text that JavaScript reads as
 * Infinity. Re-serialised on its way to tRPC it became null, so an API key asked
 * to expire in 1e309 days never expired. A number that is not
 * finite is a validation error naming its field, however it arrives.
 */

const ADMIN = 'finite-admin@example.com';
const ORIGIN = 'http://localhost:3000';

interface ErrorBody {
  error?: { json: { data: { appCode: string; fieldErrors: Record<string, string[]> | null; requestId: string } } };
}

let app: FastifyInstance;
let admin = '';

beforeAll(async () => {
  app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN, RATE_LIMIT_PER_MINUTE: 1_000_000 });
  admin = await signUpVerified(app, ADMIN);
});

const post = (path: string, payload: string) =>
  app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { origin: ORIGIN, 'content-type': 'application/json', cookie: admin },
    payload,
  });

function expectFieldRefused(response: Awaited<ReturnType<typeof post>>, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<ErrorBody | ErrorBody[]>();
  const data = (Array.isArray(body) ? body[0] : body)?.error?.json.data;
  expect(data?.appCode).toBe('VALIDATION_FAILED');
  expect(Object.keys(data?.fieldErrors ?? {})).toEqual([field]);
  expect(data?.requestId).toBe(response.headers['x-request-id']);
}

describe('a number JSON reads as Infinity', () => {
  it('expiresInDays: 1e309 is refused, naming the field, and no key is made', async () => {
    const body = '{"json":{"name":"forever","permissions":["read:system:any"],"expiresInDays":1e309}}';
    expectFieldRefused(await post('admin.apiKeys.create', body), 'expiresInDays');
    expectFieldRefused(await post('admin.apiKeys.create', body.replace('1e309', '-1e309')), 'expiresInDays');
    expectFieldRefused(await post('admin.apiKeys.create,system.info?batch=1', `{"0":${body}}`), 'expiresInDays');
    expect(await app.services.db.apikey.count()).toBe(0);
  });

  it('is refused in any field of any procedure that reads a number, in a body, a URL or a superjson tag', async () => {
    const { seeds } = procedureSeeds(appRouter);
    const numberFields = listProcedures(appRouter).flatMap((entry) => {
      const seed = seeds.get(entry.path)?.value;
      if (typeof seed !== 'object' || seed === null) return [];
      return Object.entries(seed)
        .filter(([, value]) => typeof value === 'number')
        .map(([field]) => ({ entry, seed: seed as Record<string, unknown>, field }));
    });
    // The seeds' numbers: list sizes, an expiry. A new one is covered by adding its seed.
    expect(numberFields.length).toBeGreaterThanOrEqual(4);

    for (const { entry, seed, field } of numberFields) {
      // As the client sends the seed (superjson: a Date field keeps its tag), with the one field changed.
      const { json, meta } = SuperJSON.serialize({ ...seed, [field]: 0 });
      const values = (meta?.values ?? {}) as Record<string, unknown>;
      const asText = JSON.stringify({ json, ...(meta ? { meta } : {}) }).replace(`"${field}":0`, `"${field}":1e309`);
      const tagged = (value: string) =>
        JSON.stringify({
          json: { ...(json as object), [field]: value },
          meta: { values: { ...values, [field]: ['number'] }, v: 1 },
        });
      const wires = [asText, tagged('Infinity'), tagged('-Infinity'), tagged('NaN')];
      for (const wire of wires) {
        const response =
          entry.type === 'query'
            ? await app.inject({
                url: `/trpc/${entry.path}?input=${encodeURIComponent(wire)}`,
                headers: { cookie: admin },
              })
            : await post(entry.path, wire);
        expectFieldRefused(response, field);
      }
    }
    expect(await app.services.db.apikey.count()).toBe(0);
  });
});
