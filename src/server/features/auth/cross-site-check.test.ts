import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAuth } from './create-auth.ts';
import { testConfig } from '../../config.ts';
import { appRouter } from '../../router.ts';
import { listProcedures } from '../../trpc/procedure-list.ts';
import { buildTestApp } from '../../test/test-app.ts';
import { mutate, PASSWORD, query, recordedLinkToken, signUpVerified } from '../../test/http-client.ts';

const OWN_ORIGIN = 'http://localhost:3000';
const SIGN_UP = { name: 'Ori', email: 'origin@example.com' };

/** The body of an HTML form another site posts to ours, in each encoding a form can use. */
const formPosts = [
  { contentType: 'text/plain', payload: `{"json":{"email":"csrf@example.com","x":"=1"}}` },
  { contentType: 'application/x-www-form-urlencoded', payload: 'email=csrf%40example.com' },
  {
    contentType: 'multipart/form-data; boundary=XYZ',
    payload: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\ncsrf@example.com\r\n--XYZ--\r\n',
  },
];

/** A POST as a browser sends it, with the headers given and nothing else. */
function post(app: FastifyInstance, path: string, headers: Record<string, string>, payload: string) {
  return app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload });
}

const appCodeOf = (body: string) =>
  (JSON.parse(body) as { error?: { json: { data: { appCode: string } } } }).error?.json.data.appCode;

const signedIn = async (app: FastifyInstance, cookie: string) =>
  (await query(app, 'auth.viewer', undefined, { cookie })).data !== null;

describe('a form on another site posting to ours', () => {
  it.each(formPosts)('$contentType, with or without a cookie: 403 before the body is read', async (form) => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'victim@example.com');
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', cookie },
      // A sibling subdomain is same-site, not same-origin: still refused.
      { origin: 'http://other.localhost:3000', 'sec-fetch-site': 'same-site', cookie },
      // Privacy settings and sandboxed frames send "null".
      { origin: 'null', 'sec-fetch-site': 'cross-site', cookie },
      // An older browser that sends only one of the two headers.
      { 'sec-fetch-site': 'cross-site', cookie },
      { origin: 'https://evil.example', cookie },
    ];
    for (const headers of attempts) {
      const signOut = await post(app, 'auth.signOut', { ...headers, 'content-type': form.contentType }, form.payload);
      // A refused Origin is named as such; without one, the request is simply not allowed.
      const code = headers.origin === undefined ? 'FORBIDDEN' : 'ORIGIN_NOT_ALLOWED';
      expect([signOut.statusCode, appCodeOf(signOut.body)], JSON.stringify(headers)).toEqual([403, code]);
      const reset = await post(
        app,
        'auth.requestPasswordReset',
        { ...headers, 'content-type': form.contentType },
        form.payload,
      );
      expect(reset.statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await signedIn(app, cookie)).toBe(true);
    // The same form from our own pages gets past the check, to the content-type rule.
    const own = await post(
      app,
      'auth.signOut',
      { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': form.contentType, cookie },
      form.payload,
    );
    expect(own.statusCode).toBe(415);
  });
});

describe('state changes from our own pages, trusted origins and scripts', () => {
  it('our own origin passes, by Origin or, without one, by Sec-Fetch-Site: same-origin', async () => {
    const app = await buildTestApp();
    const first = await signUpVerified(app, 'own@example.com');
    expect((await mutate(app, 'auth.signOut', undefined, { cookie: first, origin: OWN_ORIGIN })).status).toBe(200);
    expect(await signedIn(app, first)).toBe(false);

    const second = await signUpVerified(app, 'own2@example.com');
    const bySite = await post(
      app,
      'auth.signOut',
      { cookie: second, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      '{}',
    );
    expect(bySite.statusCode).toBe(200);
    expect(await signedIn(app, second)).toBe(false);
  });

  it('an origin in TRUSTED_ORIGINS passes even cross-site; one not listed does not', async () => {
    const app = await buildTestApp({ TRUSTED_ORIGINS: ['https://admin.example.test/any/path'] });
    const cookie = await signUpVerified(app, 'trusted@example.com');
    const stranger = await post(
      app,
      'auth.signOut',
      {
        cookie,
        origin: 'https://other.example.test',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      '{}',
    );
    expect(stranger.statusCode).toBe(403);
    const trusted = await post(
      app,
      'auth.signOut',
      {
        cookie,
        origin: 'https://admin.example.test',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      '{}',
    );
    expect(trusted.statusCode).toBe(200);
    expect(await signedIn(app, cookie)).toBe(false);
  });

  it('a script with no cookie, Origin or Sec-Fetch-Site passes (API keys); with a cookie it does not', async () => {
    const app = await buildTestApp();
    const bare = await post(
      app,
      'auth.requestPasswordReset',
      { 'content-type': 'application/json' },
      JSON.stringify({ json: { email: 'script@example.com' } }),
    );
    expect(bare.statusCode).toBe(200);

    const cookie = await signUpVerified(app, 'script@example.com');
    const withCookie = await post(app, 'auth.signOut', { cookie, 'content-type': 'application/json' }, '{}');
    expect([withCookie.statusCode, appCodeOf(withCookie.body)]).toEqual([403, 'FORBIDDEN']);
    expect(await signedIn(app, cookie)).toBe(true);
  });

  it('a query (GET) from another site is answered: it changes nothing', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      url: '/trpc/system.health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the loopback names of the port, while PUBLIC_URL is not set', () => {
  const loopbackOrigins = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'];

  it.each(loopbackOrigins)('%s is this server: sign-up and sign-in from a page there pass', async (origin) => {
    const app = await buildTestApp();
    const email = `loopback-${new URL(origin).hostname.replace(/\W/g, '')}@example.com`;
    const signedUp = await mutate(app, 'auth.signUp', { name: 'Lou', email }, { origin });
    expect(signedUp.status, JSON.stringify(signedUp.response.json())).toBe(200);
    const token = await recordedLinkToken(app, email, 'verify-email');
    const confirmed = await mutate(app, 'auth.verifyEmail', { token, password: PASSWORD }, { origin });
    expect(confirmed.status).toBe(200);
    const signedIn = await mutate(app, 'auth.signIn', { email, password: PASSWORD }, { origin });
    expect(signedIn.status).toBe(200);
    // Host-only (no Domain): the browser keeps it for the very name the page was opened on.
    expect(signedIn.setCookies.find((cookie) => cookie.includes('session_token='))).not.toMatch(/domain=/i);
  });

  it('another port of the same machine is another origin', async () => {
    const app = await buildTestApp();
    const answer = await mutate(app, 'auth.signUp', SIGN_UP, { origin: 'http://127.0.0.1:3001' });
    expect([answer.status, answer.appCode]).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
  });

  it('with PUBLIC_URL set, only its origin is this server', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    const answer = await mutate(app, 'auth.signUp', SIGN_UP, { origin: 'http://127.0.0.1:3000' });
    expect([answer.status, answer.appCode]).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
  });

  it('the auth library trusts the same origins', async () => {
    const config = testConfig();
    const app = await buildTestApp();
    const trusted = app.services.auth.options.trustedOrigins;
    for (const origin of loopbackOrigins) expect(trusted, origin).toContain(origin);
    expect(trusted).not.toContain('http://127.0.0.1:3001');
    const pinned = createAuth({
      ...app.services,
      config: { ...config, PUBLIC_URL: 'https://app.example.test' },
      log: app.log,
    }).options.trustedOrigins;
    expect(pinned).toEqual(['https://app.example.test']);
  });
});

describe('a refused origin', () => {
  it('says so in words and names the address to open instead', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://app.example.test' });
    const answer = await mutate(app, 'auth.signUp', SIGN_UP, { origin: 'http://127.0.0.1:3000' });
    expect([answer.status, answer.appCode]).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
    expect(answer.response.json()).toMatchObject({
      error: {
        json: {
          message: "This page's address is not this server's public address. Open https://app.example.test instead.",
          data: { details: { publicUrl: 'https://app.example.test' } },
        },
      },
    });
  });
});

describe('mutations never run on GET', () => {
  const mutations = listProcedures(appRouter).filter((procedure) => procedure.type === 'mutation');

  it('the router has mutations to check', () => {
    expect(mutations.length).toBeGreaterThan(5);
  });

  it.each(mutations.map((procedure) => procedure.path))('GET %s → 405 METHOD_NOT_ALLOWED', async (path) => {
    const app = await buildTestApp();
    const response = await app.inject(`/trpc/${path}?input=${encodeURIComponent('{"json":{}}')}`);
    expect([response.statusCode, appCodeOf(response.body)]).toEqual([405, 'METHOD_NOT_ALLOWED']);
  });

  it('a link to sign-out (GET, with the cookie) leaves the person signed in', async () => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'link@example.com', 'Link');
    const response = await app.inject({ url: '/trpc/auth.signOut', headers: { cookie } });
    expect(response.statusCode).toBe(405);
    expect(await signedIn(app, cookie)).toBe(true);
  });
});
