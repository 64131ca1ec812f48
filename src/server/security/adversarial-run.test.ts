import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH_SIZE } from '../../shared/transport.ts';
import { publicUrl } from '../config.ts';
import { answerProblems, leaksIn, type Answer } from '../test/answer-checks.ts';
import { databaseFingerprint } from '../test/db-fingerprint.ts';
import { FAKE_SHELL, fakeClientBuild } from '../test/fake-client-build.ts';
import { PASSWORD, query, signUpVerified } from '../test/http-client.ts';
import { rawGet, rawRequest } from '../test/raw-http.ts';
import { buildTestApp, scratchDir } from '../test/test-app.ts';

/**
 * One server, one attacker, in order: malformed and oversized bodies, foreign
 * content types, deep nesting, prototype pollution, batch floods, long URLs, path
 * traversal, forged cookies and cross-site posts. Every answer must be a 4xx with a
 * clean, catalogued body (only a page navigation may get the HTML shell, which is
 * never a file the path names), and no refused request may change the database. At
 * the end the server must still be ready and still sign a new person up.
 */

/** In the secret file beside (not inside) the client build; no answer may contain it. */
const SECRET = 'outside-the-client-build-7f3a';
const VICTIM = 'victim@example.com';

let app: FastifyInstance;
let port = 0;
let origin = '';
let victimCookie = '';

/** A client build in a folder of its own, with a file beside it that must stay out of reach. */
function clientBuildBesideASecret(): string {
  const root = scratchDir();
  const dist = fakeClientBuild({ dir: join(root, 'dist') });
  writeFileSync(join(root, 'secret.txt'), SECRET);
  writeFileSync(join(root, 'package.json'), `{"name":"${SECRET}"}`);
  return dist;
}

beforeAll(async () => {
  // High limits: this run is about what each request does, not about how many; 429 would count as 4xx anyway.
  app = await buildTestApp(
    { CLIENT_DIST_DIR: clientBuildBesideASecret(), RATE_LIMIT_PER_MINUTE: 1_000_000, AUTH_RATE_LIMIT: 1_000_000 },
    { client: 'static' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  origin = publicUrl(app.services.config).origin;
  victimCookie = await signUpVerified(app, VICTIM);
});

/** The answer of a refused request: a 4xx whose body is clean and catalogued. */
function expectRefused(answer: Answer, request = '') {
  expect(answer.statusCode, answer.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(answer.statusCode, answer.body.slice(0, 300)).toBeLessThan(500);
  expect(answerProblems(answer, { request }).join('; ')).toBe('');
}

/** Sends one request through `inject`, expects it refused, and the database unchanged. */
async function expectRefusedWithoutChange(options: InjectOptions & { url: string }) {
  const before = await databaseFingerprint(app.services.db);
  const response = await app.inject(options);
  const request = `${options.url} ${typeof options.payload === 'string' ? options.payload.slice(0, 2_000) : ''}`;
  expectRefused(response, request);
  expect(await databaseFingerprint(app.services.db), `${options.url} changed the database`).toBe(before);
  return response;
}

const json = { 'content-type': 'application/json' };
const newPerson = (email: string) => JSON.stringify({ json: { name: 'New', email, password: PASSWORD } });

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('an adversarial run against one server', () => {
  it('answers malformed JSON with 400 and changes nothing', async () => {
    const bodies = [
      '{"json":',
      "{'json':{}}",
      '{"json":{"name":"a",}}',
      '{"json":NaN}',
      '{"json":{}}{"json":{}}',
      '{"json":"\\u12"}',
      '\u0000',
      '',
    ];
    for (const payload of bodies) {
      const response = await expectRefusedWithoutChange({
        method: 'POST',
        url: '/trpc/auth.signUp',
        headers: { ...json, origin },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });

  it('answers a 50 MB body with 413 before reading it', async () => {
    const head = [
      'POST /trpc/auth.signUp HTTP/1.1',
      'host: localhost',
      `origin: ${origin}`,
      'content-type: application/json',
      `content-length: ${50 * 1024 * 1024}`,
      '',
      '',
    ].join('\r\n');
    // Only 15 bytes of the 50 MB follow: an answer proves the server judged the length, not the bytes.
    // A server waiting for the rest would answer nothing before REQUEST_TIMEOUT_MS (30 s), then 408;
    // 10 s leaves a slow machine ample room without hiding that.
    const answer = await rawRequest(port, head, { body: '{"json":{"name"', timeoutMs: 10_000 });
    expect(answer.statusCode).toBe(413);
    expectRefused(answer);
  });

  it.each([
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="json"\r\n\r\n{}\r\n--x--\r\n'],
    ['application/octet-stream', 'binary'],
    ['application/x-www-form-urlencoded', 'json=%7B%7D'],
    ['text/plain', newPerson('plain@example.com')],
  ])('refuses a %s body on /trpc without processing it', async (contentType, payload) => {
    const response = await expectRefusedWithoutChange({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'content-type': contentType, origin },
      payload,
    });
    expect([403, 415]).toContain(response.statusCode);

    // The same with a 50 MB length and a few bytes: refused before any byte is waited for.
    const head = `POST /trpc/auth.signUp HTTP/1.1\r\nhost: localhost\r\norigin: ${origin}\r\ncontent-type: ${contentType}\r\ncontent-length: ${50 * 1024 * 1024}\r\n\r\n`;
    const answer = await rawRequest(port, head, { body: payload.slice(0, 10), timeoutMs: 10_000 });
    expect([403, 413, 415]).toContain(answer.statusCode);
    expectRefused(answer);
  });

  it.each([
    ['100,000 nested arrays as the input', `{"json":${nestedArrays(100_000)}}`],
    ['100,000 nested objects as the input', `{"json":${nestedObjects(100_000)}}`],
    ['100,000 nested arrays in a field', `{"json":{"name":${nestedArrays(100_000)}}}`],
    ['100,000 nested arrays as superjson meta', `{"json":{"name":"a"},"meta":${nestedArrays(100_000)}}`],
  ])('answers %s with 4xx', async (_name, payload) => {
    await expectRefusedWithoutChange({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { ...json, origin },
      payload,
    });
  });

  it('answers 100,000 nested arrays in a query input with 4xx', async () => {
    const input = encodeURIComponent(`{"json":${nestedArrays(100_000)}}`);
    await expectRefusedWithoutChange({ method: 'GET', url: `/trpc/mailbox.message?input=${input}` });
  });

  it('is not polluted by prototype payloads, in bodies, inputs, meta, query strings or cookies', async () => {
    const polluters = ['{"polluted":"yes"}', '{"prototype":{"polluted":"yes"}}'];
    const bodies = [
      `{"__proto__":${polluters[0]},"json":{"name":"a"}}`,
      `{"json":{"name":"a","__proto__":${polluters[0]}}}`,
      `{"json":{"name":"a","constructor":${polluters[1]}}}`,
      `{"json":{"name":"a"},"meta":{"referentialEqualities":{"name":["__proto__.polluted"]}}}`,
      `{"json":{"name":"a"},"meta":{"values":{"__proto__.polluted":["Date"]}}}`,
      `{"json":{"name":"a"},"meta":{"referentialEqualities":{"":["constructor.prototype.polluted"]}}}`,
    ];
    for (const payload of bodies) {
      await expectRefusedWithoutChange({
        method: 'POST',
        url: '/trpc/records.create',
        headers: { ...json, origin },
        payload,
      });
    }
    const inputs = [
      `{"json":{"id":"nope","__proto__":${polluters[0]}}}`,
      `{"json":{"id":"nope","constructor":${polluters[1]}}}`,
      `{"json":{"id":"nope"},"meta":{"values":{"__proto__":["Date"]}}}`,
    ];
    for (const input of inputs) {
      await expectRefusedWithoutChange({
        method: 'GET',
        url: `/trpc/mailbox.message?input=${encodeURIComponent(input)}&__proto__[polluted]=yes&constructor[prototype][polluted]=yes`,
      });
    }
    await expectRefusedWithoutChange({
      method: 'GET',
      url: `/trpc/mailbox.message,mailbox.message?batch=1&input=${encodeURIComponent(`{"__proto__":{"json":{"id":"x"}},"0":{"json":{"id":"nope"}},"1":{"json":{"id":"nope"}}}`)}`,
    });
    await expectRefusedWithoutChange({
      method: 'GET',
      url: '/trpc/auth.sessions.list',
      headers: { cookie: '__proto__=polluted; constructor=x; app.session_token=__proto__' },
    });

    const plain: Record<string, unknown> = {};
    expect(plain.polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it.each(['GET', 'POST'] as const)('answers a 1,000-call %s batch with exactly one 400', async (method) => {
    const paths = Array.from({ length: 1_000 }, () => 'system.health').join(',');
    const response = await app.inject({
      method,
      url: `/trpc/${paths}?batch=1`,
      headers: { ...json, origin },
      ...(method === 'POST' ? { payload: '{}' } : {}),
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
    expect(Array.isArray(response.json()), 'one answer, not one per call').toBe(false);
    expectRefused(response, `/trpc/${paths}`);
  });

  it('answers many parallel batches, each refused as a whole or call by call', async () => {
    const overLimit = Array.from({ length: TRPC_MAX_BATCH_SIZE + 1 }, () => 'system.health').join(',');
    const signedIn = Array.from({ length: TRPC_MAX_BATCH_SIZE }, () => 'auth.sessions.list').join(',');
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, index) => {
        const response = await fetch(`http://127.0.0.1:${port}/trpc/${index % 2 ? overLimit : signedIn}?batch=1`);
        const answer: Answer = {
          statusCode: response.status,
          headers: Object.fromEntries(response.headers),
          body: await response.text(),
        };
        return { answer, overLimit: index % 2 === 1 };
      }),
    );
    for (const { answer, overLimit: isOverLimit } of answers) {
      expectRefused(answer);
      if (isOverLimit) expect([answer.statusCode, Array.isArray(JSON.parse(answer.body))]).toEqual([400, false]);
      else expect(JSON.parse(answer.body)).toHaveLength(TRPC_MAX_BATCH_SIZE);
    }
  });

  it("answers a 20 KB URL with the catalogue's 431, a request id and no leak", async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { id: 'x'.repeat(20_000) } }));
    const answer = await rawGet(port, `/trpc/mailbox.message?input=${input}`);
    // Node's parser refuses the head before Fastify sees it; src/server/errors/client-error.ts answers.
    expect(answer.statusCode).toBe(431);
    expect(answerProblems(answer).join('; ')).toBe('');
  });

  it('refuses a NUL byte in the request line', async () => {
    const answer = await rawGet(port, '/assets/\u0000../../secret.txt');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).not.toContain(SECRET);
    expect(leaksIn(answer.body).join('; ')).toBe('');
  });

  it.each([
    '/assets/../../package.json',
    '/assets/../../secret.txt',
    '/../secret.txt',
    '/../../../../../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/..%2f..%2fpackage.json',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/assets/%252e%252e%252f%252e%252e%252fsecret.txt',
    '/..\\..\\package.json',
    '/assets/..\\..\\secret.txt',
    '/assets/%2e%2e%5c%2e%2e%5csecret.txt',
    '/assets/....//....//secret.txt',
    '/..%c0%af..%c0%afsecret.txt',
    '//etc/passwd',
    '/assets/app-abc123.js%00.html',
    '/index.html%00/../../secret.txt',
    '/%00../secret.txt',
  ])('never serves a file outside the client build for %s', async (path) => {
    for (const accept of ['*/*', 'text/html']) {
      const answer = await rawGet(port, path, { accept });
      const what = `${path} (accept ${accept}): ${answer.statusCode} ${answer.body.slice(0, 200)}`;
      expect(answer.body, what).not.toContain(SECRET);
      expect(answer.body, what).not.toContain('root:x:0:0');
      expect(answer.body, what).not.toContain('"rpc-monolith"');
      // Client routes are deep links, but none looks like this: a traversal probe is
      // refused, not answered with the HTML shell (which would look like a hit).
      expect(answer.body, what).not.toBe(FAKE_SHELL);
      expectRefused(answer, path);
    }
  });

  it('ignores forged and tampered session cookies', async () => {
    const [, value = ''] = victimCookie.split('=');
    const [token = '', signature = ''] = decodeURIComponent(value).split('.');
    const forged = [
      'app.session_token=garbage.garbage',
      `app.session_token=${'A'.repeat(32)}.${'B'.repeat(44)}`,
      `app.session_token=${encodeURIComponent(`${token}.${'A'.repeat(signature.length)}`)}`,
      `app.session_token=${encodeURIComponent(`${'A'.repeat(token.length)}.${signature}`)}`,
      `app.session_token=${token}`,
      'app.session_token=%E0%A4%A',
      'app.session_token=%00',
      `app.session_token=${'x'.repeat(4_000)}`,
      'app.session_token=a; app.session_token=b; app.session_token=c',
      '__Secure-app.session_token=garbage.garbage',
      '=;;;=',
    ];
    for (const cookie of forged) {
      await expectRefusedWithoutChange({ method: 'GET', url: '/trpc/auth.sessions.list', headers: { cookie } });
      const response = await expectRefusedWithoutChange({
        method: 'POST',
        url: '/trpc/auth.signOut',
        headers: { ...json, origin, cookie },
        payload: '{}',
      });
      expect(response.statusCode, cookie.slice(0, 80)).toBe(401);
    }
    // The genuine session survived every forgery.
    expect((await query(app, 'auth.sessions.list', undefined, { cookie: victimCookie })).status).toBe(200);
  });

  it('refuses a cross-site post that carries the cookie with exactly 403, changing nothing', async () => {
    const crossSite = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `${origin}.evil.example` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of crossSite) {
      for (const [contentType, payload] of [
        ['application/json', '{}'],
        ['application/x-www-form-urlencoded', 'a=b'],
      ] as const) {
        const response = await expectRefusedWithoutChange({
          method: 'POST',
          url: '/trpc/auth.signOut',
          headers: { ...headers, cookie: victimCookie, 'content-type': contentType },
          payload,
        });
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      }
    }
    expect((await query(app, 'auth.sessions.list', undefined, { cookie: victimCookie })).status).toBe(200);
  });

  it('refuses a cross-site post without a cookie but with a foreign origin, changing nothing', async () => {
    const crossSite = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      await expectRefusedWithoutChange({
        method: 'POST',
        url: '/trpc/auth.signUp',
        headers: { ...headers, ...json },
        payload: newPerson('cross-site@example.com'),
      });
      await expectRefusedWithoutChange({
        method: 'POST',
        url: '/trpc/auth.requestPasswordReset',
        headers: { ...headers, ...json },
        payload: JSON.stringify({ json: { email: VICTIM } }),
      });
    }
  });

  it('is still ready afterwards, and still signs a new person up', async () => {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    const cookie = await signUpVerified(app, 'after-the-run@example.com');
    const viewer = await query(app, 'auth.viewer', undefined, { cookie });
    expect(viewer.data).toMatchObject({ email: 'after-the-run@example.com' });
  });
});
