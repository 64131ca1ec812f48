import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADA, liveServerWithKey } from '../test/api-key-server.ts';
import { appRouter } from '../router.ts';
import { buildOpenApiDocument } from './openapi-document.ts';

/**
 * A query and a mutation called with an API key over plain HTTP
 * (Node's fetch, no tRPC client, no superjson), built from the document the server
 * serves at /openapi.json: the request is checked against the schema it states, and
 * each answer, errors included, against the response schema it states for that status.
 */
type Schema = Record<string, unknown>;
interface Served {
  paths: Record<string, Record<string, Schema>>;
  components: { responses: Record<string, Schema> };
}

/** `schema` with every `#/components/…` reference replaced by what it names. */
function resolved(schema: unknown, document: Served): unknown {
  if (Array.isArray(schema)) return schema.map((item) => resolved(item, document));
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $ref: ref, ...rest } = schema as Schema;
  if (typeof ref === 'string') {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Schema)[key], document);
    return resolved(target, document);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, resolved(value, document)]));
}

const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], value);

/** The issues of `value` against a JSON Schema of the document (zod reads it). */
function issuesOf(value: unknown, schema: unknown, document: Served) {
  const parsed = z
    .fromJSONSchema(resolved(schema, document) as Parameters<typeof z.fromJSONSchema>[0])
    .safeParse(value);
  return parsed.error?.issues ?? [];
}

/** Fails, naming the issues, unless `value` is what the document's JSON Schema allows. */
function expectConforms(value: unknown, schema: unknown, document: Served, what: string) {
  expect(issuesOf(value, schema, document), what).toEqual([]);
}

/** The JSON schema of an operation's answer with HTTP `status`. */
function answerSchema(document: Served, operation: Schema, status: number): unknown {
  const response = resolved(at(operation, 'responses', String(status)), document);
  return at(response, 'content', 'application/json', 'schema');
}

/** The catalogue codes an operation's document lists under HTTP `status`. */
function codesUnder(document: Served, operation: Schema, status: number): unknown {
  return at(resolved(at(operation, 'responses', String(status)), document), 'x-app-codes');
}

describe('plain HTTP with an API key, as /openapi.json describes it', () => {
  let server: Awaited<ReturnType<typeof liveServerWithKey>>;
  let document: Served;
  const bearer = () => ({ authorization: `Bearer ${server.key}` });

  beforeAll(async () => {
    server = await liveServerWithKey(['read:users:any', 'update:users:any']);
    const answer = await fetch(`${server.url}/openapi.json`, { headers: bearer() });
    expect(answer.status).toBe(200);
    document = (await answer.json()) as Served;
  });

  it('serves the document to an API key or a session, and 401 UNAUTHENTICATED to anyone else', async () => {
    expect(document).toEqual(buildOpenApiDocument(appRouter));
    const bySession = await fetch(`${server.url}/openapi.json`, { headers: { cookie: server.adminCookie } });
    expect(bySession.status).toBe(200);
    const strangers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-a-key' },
      { cookie: 'app.session_token=forged' },
    ];
    for (const headers of strangers) {
      const refused = await fetch(`${server.url}/openapi.json`, { headers });
      expect(refused.status).toBe(401);
      const body: unknown = await refused.json();
      expect(body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expectConforms(
        body,
        answerSchema(document, at(document.paths, '/openapi.json', 'get') as Schema, 401),
        document,
        'the 401',
      );
    }
  });

  it('a query: GET with the input URL-encoded in its envelope', async () => {
    const operation = at(document.paths, '/trpc/admin.users.list', 'get') as Schema;
    const [parameter] = operation.parameters as Schema[];
    expect(parameter).toMatchObject({ name: 'input', in: 'query' });
    const input = { json: { search: 'ada' } };
    expectConforms(input, at(parameter, 'content', 'application/json', 'schema'), document, 'the input');

    const answer = await fetch(
      `${server.url}/trpc/admin.users.list?${new URLSearchParams({ input: JSON.stringify(input) })}`,
      {
        headers: bearer(),
      },
    );
    expect(answer.status).toBe(200);
    const body: unknown = await answer.json();
    expectConforms(body, answerSchema(document, operation, 200), document, 'the answer');
    const items = at(body, 'result', 'data', 'json', 'items') as Schema[];
    expect(items.map(({ id, email, role }) => ({ id, email, role }))).toEqual([
      { id: server.adaId, email: ADA.email, role: 'member' },
    ]);
    // A Date travels as its ISO 8601 string, tagged in `meta` for superjson.
    expect(new Date(String(items[0]?.createdAt)).toISOString()).toBe(items[0]?.createdAt);
    expect(at(body, 'result', 'data', 'meta', 'values')).toEqual({ 'items.0.createdAt': ['Date'] });
  });

  it('checks answers for real: a bare output, a wrong field type or a missing field does not conform', () => {
    const schema = answerSchema(document, at(document.paths, '/trpc/admin.users.list', 'get') as Schema, 200);
    const item = {
      id: server.adaId,
      name: 'Ada',
      email: ADA.email,
      emailVerified: true,
      role: 'member',
      disabled: false,
    };
    const answer = (json: unknown) => ({ result: { data: { json } } });
    expect(
      issuesOf(
        answer({ items: [{ ...item, createdAt: '2026-11-26T13:30:01.340Z' }], nextCursor: null }),
        schema,
        document,
      ),
    ).toEqual([]);
    expect(issuesOf({ items: [], nextCursor: null }, schema, document)).not.toEqual([]);
    expect(
      issuesOf(
        answer({ items: [{ ...item, email: 5, createdAt: '2026-11-26T13:30:01.340Z' }], nextCursor: null }),
        schema,
        document,
      ),
    ).not.toEqual([]);
    expect(issuesOf(answer({ items: [item], nextCursor: null }), schema, document)).not.toEqual([]);
  });

  it('a mutation: POST with the input in its envelope', async () => {
    const operation = at(document.paths, '/trpc/admin.users.setRole', 'post') as Schema;
    const input = { json: { userId: server.adaId, role: 'admin' } };
    expectConforms(input, at(operation, 'requestBody', 'content', 'application/json', 'schema'), document, 'the input');

    const answer = await fetch(`${server.url}/trpc/admin.users.setRole`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(answer.status).toBe(200);
    const body: unknown = await answer.json();
    expectConforms(body, answerSchema(document, operation, 200), document, 'the answer');
    expect(at(body, 'result', 'data', 'json')).toMatchObject({ id: server.adaId, role: 'admin' });
  });

  it('errors: the catalogue code under the HTTP status the document lists it', async () => {
    const operation = at(document.paths, '/trpc/admin.users.setRole', 'post') as Schema;
    const send = (body: unknown, headers: Record<string, string> = bearer()) =>
      fetch(`${server.url}/trpc/admin.users.setRole`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const cases = [
      // A role that does not exist: refused, naming the field.
      {
        answer: await send({ json: { userId: server.adaId, role: 'superuser' } }),
        status: 400,
        code: 'VALIDATION_FAILED',
      },
      // The input without its envelope is no input at all.
      { answer: await send({ userId: server.adaId, role: 'admin' }), status: 400, code: 'VALIDATION_FAILED' },
      { answer: await send({ json: { userId: 'no-such-user', role: 'admin' } }), status: 404, code: 'NOT_FOUND' },
      {
        answer: await send({ json: { userId: server.adaId, role: 'admin' } }, {}),
        status: 401,
        code: 'UNAUTHENTICATED',
      },
    ];
    for (const { answer, status, code } of cases) {
      const body: unknown = await answer.json();
      expect([answer.status, at(body, 'error', 'json', 'data', 'appCode')]).toEqual([status, code]);
      expect(codesUnder(document, operation, status)).toContain(code);
      expectConforms(body, answerSchema(document, operation, status), document, `the ${code} answer`);
    }
    const refused = (await (await send({ json: { userId: server.adaId, role: 'superuser' } })).json()) as unknown;
    expect(Object.keys(at(refused, 'error', 'json', 'data', 'fieldErrors') as object)).toEqual(['role']);
  });
});
