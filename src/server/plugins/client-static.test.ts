import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { FAKE_SCRIPT_URL, FAKE_STYLES, fakeClientBuild } from '../test/fake-client-build.ts';
import { buildTestApp, scratchDir, testDatabaseUrl } from '../test/test-app.ts';

const SCRIPT = 'console.log("app");'.repeat(50);

const appWithClient = () =>
  buildTestApp({ CLIENT_DIST_DIR: fakeClientBuild({ script: SCRIPT, compressed: true }) }, { client: 'static' });

describe('serving the client build', () => {
  it('serves the HTML shell at / and for a deep link, never cached without revalidation', async () => {
    const app = await appWithClient();
    for (const url of ['/', '/status', '/some/deep/link?x=1']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>shell</title>');
    }
  });

  it('answers HEAD for a deep link like GET', async () => {
    const app = await appWithClient();
    const response = await app.inject({ method: 'HEAD', url: '/status' });
    expect(response.statusCode).toBe(200);
  });

  it('serves hashed assets as immutable, brotli or gzip as the browser accepts', async () => {
    const app = await appWithClient();
    const brotli = await app.inject({ url: FAKE_SCRIPT_URL, headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);

    const gzip = await app.inject({ url: FAKE_SCRIPT_URL, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ url: FAKE_SCRIPT_URL, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it.each([
    ['a missing hashed asset', '/assets/app-missing0.js', {}],
    ['a missing file requested by an image tag', '/logo.png', { accept: 'image/avif,image/webp,*/*' }],
    ['an unknown path under /trpc', '/trpc/a/b', { accept: 'text/html' }],
    ['an unknown API path', '/api/things', { accept: 'text/html' }],
    ["a build file's brotli copy by its own name", `${FAKE_SCRIPT_URL}.br`, {}],
    ["a build file's gzip copy by its own name", `${FAKE_SCRIPT_URL}.gz`, {}],
  ])('answers %s with a JSON 404, never the HTML shell', async (_name, url, headers) => {
    const app = await appWithClient();
    const response = await app.inject({ url, headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).not.toContain('<title>');
  });

  it('does not answer a POST to a page path with the shell', async () => {
    const app = await appWithClient();
    const response = await app.inject({ method: 'POST', url: '/status', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  it("names a screen's chunks as module preloads in the shell of its route, compressed as accepted", async () => {
    const chunks = ['/assets/sign-in-screen-1.js', '/assets/form-2.js'];
    const app = await buildTestApp(
      { CLIENT_DIST_DIR: fakeClientBuild({ routePreloads: { '/sign-in': chunks } }) },
      { client: 'static' },
    );
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await app.inject({
        url: '/sign-in?redirect=%2Faccount',
        headers: { accept: 'text/html', ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const body =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(response.rawPayload).toString()
            : response.body;
      expect(body).toContain('<title>shell</title>');
      for (const chunk of chunks)
        expect(body).toContain(`rel="modulepreload" crossorigin fetchpriority="low" href="${chunk}"`);
    }
    // A coding the browser refuses (q=0) is not sent.
    const refused = await app.inject({ url: '/sign-in', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(refused.rawPayload).toString()).toContain('rel="modulepreload"');
    // Another route's shell names none of them; the table itself is not served.
    const other = await app.inject({ url: '/status', headers: { accept: 'text/html' } });
    expect(other.body).toContain('<title>shell</title>');
    expect(other.body).not.toContain('modulepreload');
    const table = await app.inject({ url: '/.vite/route-preloads.json' });
    expect(table.statusCode).toBe(404);
  });

  it("sends a prerendered page's first screen in its shell, at / and at a deep link, and no other page's", async () => {
    const prerendered = {
      '/': {
        markup: '<main>Welcome home</main>',
        signedOutMarkup: '<main>Welcome, visitor</main>',
        title: 'Home · Product',
      },
      '/sign-in': {
        markup: '<main><label>E-mail</label></main>',
        signedOutMarkup: '<main><label>E-mail</label> signed out</main>',
        title: 'Sign in · Product',
      },
    };
    const app = await buildTestApp(
      { CLIENT_DIST_DIR: fakeClientBuild({ prerendered, routePreloads: { '/sign-in': ['/assets/form-2.js'] } }) },
      { client: 'static' },
    );
    const page = async (url: string, cookie?: string) => {
      const response = await app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      return response.body;
    };
    // With a session cookie (checked later, by the viewer's call): drawn with the viewer unknown.
    const session = 'theme=dark; app.session_token=abc.def';
    const home = await page('/', session);
    expect(home).toContain('<div id="root"><main>Welcome home</main></div>');
    expect(home).toContain('<title>Home · Product</title>');
    // Without one: certainly signed out, drawn so, and marked for the client to know it.
    expect(await page('/', 'theme=dark')).toContain(
      '<div id="root" data-signed-out=""><main>Welcome, visitor</main></div>',
    );
    expect(await page('/')).toContain('<div id="root" data-signed-out=""><main>Welcome, visitor</main></div>');
    // The first answer to each is kept compressed; a later one still picks by its own cookie.
    expect(await page('/', session)).toContain('<div id="root"><main>Welcome home</main></div>');
    const signIn = await page('/sign-in?redirect=%2Faccount', session);
    expect(signIn).toContain('<div id="root"><main><label>E-mail</label></main></div>');
    expect(signIn).toContain('<title>Sign in · Product</title>');
    expect(signIn).toContain('href="/assets/form-2.js"');
    // What its first paint needs comes inline; the script, which it does not need, comes after.
    expect(signIn).toContain(`<style>${FAKE_STYLES}</style>`);
    expect(signIn).not.toContain('rel="stylesheet"');
    expect(signIn).toContain(`<script type="module" fetchpriority="low" crossorigin src="${FAKE_SCRIPT_URL}">`);
    // Any other page starts empty, with the shell as built.
    const other = await page('/status');
    expect(other).toContain('<div id="root"></div>');
    expect(other).toContain('<title>shell</title>');
    expect(other).toContain('rel="stylesheet"');
  });

  it('sends a visitor without a session the first-use entry instead of the app, and no preloads', async () => {
    const entry = '/assets/first-use-123.js';
    const prerendered = {
      '/sign-in': {
        markup: '<main><label>E-mail</label></main>',
        signedOutMarkup: '<main><label>E-mail</label> signed out</main>',
        title: 'Sign in · Product',
      },
    };
    const app = await buildTestApp(
      {
        CLIENT_DIST_DIR: fakeClientBuild({
          prerendered,
          routePreloads: { '/sign-in': ['/assets/form-2.js'] },
          firstUseEntry: entry,
        }),
      },
      { client: 'static' },
    );
    const page = async (cookie?: string) =>
      (await app.inject({ url: '/sign-in', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } })).body;
    // Drawn signed out, the page loads the app at its first use (src/client/first-use/entry.ts).
    const signedOut = await page();
    expect(signedOut).toContain('<main><label>E-mail</label> signed out</main>');
    expect(signedOut).toContain(`<script type="module" fetchpriority="low" crossorigin src="${entry}">`);
    expect(signedOut).not.toContain(`src="${FAKE_SCRIPT_URL}"`);
    expect(signedOut).not.toContain('modulepreload');
    // The app's code and the screen's, to fetch once the page has loaded (inert until then).
    expect(signedOut).toContain(
      `<template id="app-code" data-app="${FAKE_SCRIPT_URL}"><link rel="prefetch" as="script" crossorigin href="${FAKE_SCRIPT_URL}">` +
        '<link rel="prefetch" as="script" crossorigin href="/assets/form-2.js"></template></body>',
    );
    // Someone who may be signed in gets the app at once, its screen's chunks named.
    const maybeSignedIn = await page('app.session_token=abc.def');
    expect(maybeSignedIn).toContain(`src="${FAKE_SCRIPT_URL}"`);
    expect(maybeSignedIn).toContain('href="/assets/form-2.js"');
    expect(maybeSignedIn).not.toContain(entry);
    expect(maybeSignedIn).not.toContain('<template');
    // Vite's manifest is not served.
    expect((await app.inject({ url: '/.vite/manifest.json' })).statusCode).toBe(404);
  });

  it('refuses to start without a client build, saying what to run', async () => {
    const config = testConfig({
      DATABASE_URL: await testDatabaseUrl(),
      CLIENT_DIST_DIR: join(scratchDir(), 'nothing'),
    });
    await expect(buildApp(config, { client: 'static' })).rejects.toThrow(/client build is missing.*npm run build/);
  });
});
