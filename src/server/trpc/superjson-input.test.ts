import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import SuperJSON from 'superjson';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { answerProblems } from '../test/answer-checks.ts';
import { buildTestApp } from '../test/test-app.ts';
import { MALFORMED_META, superjsonInput, UNACCEPTED_TYPE } from './superjson-input.ts';

/**
 * superjson's `meta` is written by the caller: a tree of type tags and paths that
 * superjson replays on the input. A malformed tree (`"values":"x"`
 * made superjson recurse until the stack overflowed, 40–90 ms of CPU for 33 bytes)
 * is refused before superjson reads it, with the catalogue's BAD_REQUEST.
 */

const ORIGIN = 'http://localhost:3000';
const THE_ISSUES_BODY = '{"json":{},"meta":{"values":"x"}}';
const OUR_MESSAGES = [MALFORMED_META, UNACCEPTED_TYPE];

interface ErrorItem {
  error?: { json: { message: string; data: { appCode: string; requestId: string } } };
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: 1_000_000 });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const post = (path: string, payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
    payload,
  });

const get = (path: string, input: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(input)}`, headers });

/** Each call's error: the catalogue's BAD_REQUEST with our words, never superjson's or the engine's. */
function expectRefused(response: LightMyRequestResponse, calls = 1) {
  expect(response.statusCode).toBe(400);
  const body = response.json<ErrorItem | ErrorItem[]>();
  const items = Array.isArray(body) ? body : [body];
  expect(items).toHaveLength(calls);
  for (const item of items) {
    expect(item.error?.json.data.appCode).toBe('BAD_REQUEST');
    expect(item.error?.json.message).toBe(MALFORMED_META);
    expect(item.error?.json.data.requestId).toBe(response.headers['x-request-id']);
  }
}

describe('malformed superjson metadata over HTTP', () => {
  it("refuses the issue's POST with BAD_REQUEST, before superjson reads it or the procedure runs", async () => {
    const deserialize = vi.spyOn(SuperJSON, 'deserialize');
    const response = await post('records.create', THE_ISSUES_BODY);
    expectRefused(response);
    expect(response.body).not.toMatch(/call stack/i);
    expect(deserialize).not.toHaveBeenCalled();
  });

  it("refuses it in a query's ?input= and in a batch, call by call", async () => {
    const deserialize = vi.spyOn(SuperJSON, 'deserialize');
    expectRefused(await get('records.list', THE_ISSUES_BODY));
    const batchInput = `{"0":${THE_ISSUES_BODY},"1":${THE_ISSUES_BODY}}`;
    const batch = await app.inject({
      method: 'GET',
      url: `/trpc/records.list,records.get?batch=1&input=${encodeURIComponent(batchInput)}`,
    });
    expectRefused(batch, 2);
    expectRefused(await post('records.create,records.create?batch=1', batchInput), 2);
    expect(deserialize).not.toHaveBeenCalled();
  });

  it('refuses it whatever the trpc-accept header says', async () => {
    const deserialize = vi.spyOn(SuperJSON, 'deserialize');
    expectRefused(await post('records.create', THE_ISSUES_BODY, { 'trpc-accept': ' application/json' }));
    expect(deserialize).not.toHaveBeenCalled();
  });

  it('still reads what the client sends: an optional field left undefined', async () => {
    const input = SuperJSON.serialize({ cursor: undefined, limit: 5 });
    expect(input.meta?.values).toEqual({ cursor: ['undefined'] });
    const response = await get('records.list', JSON.stringify(input));
    // records.list is a placeholder: valid input reaches it, and it answers NOT_IMPLEMENTED.
    expect(response.json<ErrorItem>().error?.json.data.appCode).toBe('NOT_IMPLEMENTED');
  });
});

/** Random trees, type tags and paths where superjson expects its own grammar. */
const metaShape: fc.Arbitrary<unknown> = fc.letrec<{ tree: unknown; meta: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('x', 'Date', 'undefined', 'number', 'bigint', 'map', 'set', 'regexp', 'Error', 'URL'),
    fc.constantFrom('Date', 'undefined', 'number', 'bigint', 'set', 'map', 'nope').map((tag) => [tag]),
    fc.tuple(fc.constantFrom('Date', 'undefined', 'number', 'bigint', 'set', 'map', 'nope'), tie('tree')),
    fc.tuple(fc.constantFrom('class', 'symbol', 'custom', 'typed-array'), fc.string({ maxLength: 10 })).map((t) => [t]),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('a', 'a.b', 'list.0', 'list.9', '', '.', '\\', 'a\\.b', '__proto__', 'constructor'),
        fc.string(),
      ),
      tie('tree'),
      { maxKeys: 3 },
    ),
  ),
  meta: fc.record(
    {
      values: tie('tree'),
      referentialEqualities: fc.oneof(tie('tree'), fc.constant({ a: ['list.0'] }), fc.constant([['a']])),
      v: fc.oneof(fc.constant(1), fc.jsonValue({ maxDepth: 0 })),
    },
    { requiredKeys: [] },
  ),
})).meta;

const jsonShape = fc.oneof(
  fc.constant({ a: null, list: ['2026-01-01T00:00:00.000Z', 'Infinity'], name: 'x' }),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('any metadata: a catalogued refusal or superjson given only what it can read', () => {
  it('never throws anything but BAD_REQUEST, and superjson never fails on what passes', () => {
    const deserialize = vi.spyOn(SuperJSON, 'deserialize');
    let read = 0;
    fc.assert(
      fc.property(jsonShape, metaShape, (json, meta) => {
        deserialize.mockClear();
        try {
          superjsonInput.deserialize({ json, meta });
          read += deserialize.mock.calls.length;
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('BAD_REQUEST');
          expect(OUR_MESSAGES).toContain((error as AppError).message);
        }
        // Whatever reached superjson, superjson read without throwing (no stack overflow, no bad path).
        for (const result of deserialize.mock.results) expect(result.type).toBe('return');
      }),
      { numRuns: 2_000, seed: 20_261_125 },
    );
    // The generator does reach superjson: the property is not only about refusals.
    expect(read).toBeGreaterThan(20);
  });

  it('passes everything the client library writes, to the same value', () => {
    const key = fc.string({ maxLength: 6 }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k));
    const leaf = fc.oneof(
      fc.constant(undefined),
      fc.date({ noInvalidDate: true }),
      fc.double(),
      fc.string({ maxLength: 5 }),
      fc.boolean(),
      fc.constant(null),
    );
    const value = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(key, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (input) => {
        const wire = JSON.parse(JSON.stringify(SuperJSON.serialize(input))) as unknown;
        expect(superjsonInput.deserialize(wire)).toEqual(input);
      }),
      { numRuns: 1_000, seed: 20_261_125 },
    );
  });

  it('drops referential equalities: one Date at two paths arrives as two equal Dates', () => {
    const date = new Date('2026-11-25T00:00:00Z');
    const wire = SuperJSON.serialize({ from: date, to: date });
    expect(wire.meta?.referentialEqualities).toEqual({ from: ['to'] });
    const read = superjsonInput.deserialize(JSON.parse(JSON.stringify(wire))) as { from: Date; to: Date };
    expect(read).toEqual({ from: date, to: date });
    expect(read.from).not.toBe(read.to);
  });

  it('refuses types no input uses: a 1 MB BigInt costs 100 ms to read', () => {
    const wire = { json: '1'.repeat(1_000), meta: { values: ['bigint'], v: 1 } };
    expect(() => superjsonInput.deserialize(wire)).toThrow(UNACCEPTED_TYPE);
  });

  it('answers random metadata over HTTP with a catalogued 400 or a valid call, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(jsonShape, metaShape, async (json, meta) => {
        const response = await post('records.create', JSON.stringify({ json, meta }));
        expect(answerProblems(response, { placeholder: true }).join('; ')).toBe('');
        expect([400, 501]).toContain(response.statusCode);
        // (A `__proto__` key is refused earlier, by Fastify's JSON parser, with its own words.)
        expect(response.body).not.toMatch(/call stack|transformation|invalid path|Cannot /i);
      }),
      { numRuns: 150, seed: 20_261_125 },
    );
  });
});

describe('what tRPC reads before the transformer', () => {
  it("answers a query input that is not JSON with BAD_REQUEST's words, not JSON.parse's", async () => {
    const response = await app.inject({ url: '/trpc/records.list?input=%7B' });
    expect(response.statusCode).toBe(400);
    const error = response.json<ErrorItem>().error?.json;
    expect(error?.data.appCode).toBe('BAD_REQUEST');
    expect(error?.message).toBe('The request could not be understood.');
  });
});
