import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerProblems } from '../test/answer-checks.ts';
import { rawGet, rawRequest, type RawAnswer } from '../test/raw-http.ts';
import { buildTestApp } from '../test/test-app.ts';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them:
 * a head over Node's 16 KB, a Content-Length that is not a number, bytes that are
 * not HTTP, a request that never finishes. They are answered in the catalogue's
 * shape, with a request id, and counted, as every other error is.
 */

const TOKEN = 'a-metrics-token-of-some-length';
let port = 0;
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  app = await buildTestApp({ METRICS_TOKEN: TOKEN, REQUEST_TIMEOUT_MS: 1_000 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

interface PlainError {
  error: { code: string; message: string; requestId: string };
}
interface TrpcError {
  error: { json: { message: string; data: { appCode: string; httpStatus: number; requestId: string } } };
}

/** A catalogued answer: JSON, a catalogue code and the request id its header names, nothing of the server's insides. */
function expectCatalogued(answer: RawAnswer, status: number) {
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers.connection).toBe('close');
  expect(answerProblems(answer).join('; ')).toBe('');
}

const longUrl = (path: string) => `${path}?q=${'a'.repeat(17_000)}`;

describe('errors raised before Fastify', () => {
  it("a 17,000-character URL under /trpc: 431 HEADERS_TOO_LARGE in tRPC's envelope", async () => {
    const answer = await rawGet(port, longUrl('/trpc/system.health'));
    expectCatalogued(answer, 431);
    const body = JSON.parse(answer.body) as TrpcError;
    expect(body.error.json.data).toMatchObject({ appCode: 'HEADERS_TOO_LARGE', httpStatus: 431 });
    expect(body.error.json.data.requestId).toBe(answer.headers['x-request-id']);
  });

  it('a 20 KB cookie on a page: 431 HEADERS_TOO_LARGE in the plain shape', async () => {
    const answer = await rawGet(port, '/', { cookie: `c=${'x'.repeat(20_000)}` });
    expectCatalogued(answer, 431);
    const body = JSON.parse(answer.body) as PlainError;
    expect(body.error.code).toBe('HEADERS_TOO_LARGE');
    expect(body.error.requestId).toBe(answer.headers['x-request-id']);
  });

  it.each([
    [
      'a Content-Length that is not a number',
      'POST /trpc/auth.signIn HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    ],
    ['two Content-Lengths', 'POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'],
    ['bytes that are not HTTP', 'NOT HTTP AT ALL\r\n\r\n'],
  ])('%s: 400 BAD_REQUEST', async (_name, head) => {
    const answer = await rawRequest(port, head);
    expectCatalogued(answer, 400);
    expect(answer.body).toMatch(/"BAD_REQUEST"/);
    expect(answer.body).not.toMatch(/Parse Error|HPE_|Client Error/);
  });

  it('a request whose head never ends: 408 TIMEOUT', async () => {
    const answer = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ', { timeoutMs: 8_000 });
    expectCatalogued(answer, 408);
    expect((JSON.parse(answer.body) as PlainError).error.code).toBe('TIMEOUT');
  });

  it('counts them in app_errors_total by catalogue code', async () => {
    const metrics = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toMatch(/app_errors_total\{code="HEADERS_TOO_LARGE"\} 2/);
    expect(metrics.body).toMatch(/app_errors_total\{code="BAD_REQUEST"\} 3/);
    expect(metrics.body).toMatch(/app_errors_total\{code="TIMEOUT"\} 1/);
  });
});
