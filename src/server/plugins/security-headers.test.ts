import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { themeScript } from '../../shared/theme-script.ts';
import type { Config } from '../config.ts';
import { appRoot } from '../paths.ts';
import { FAKE_SCRIPT_URL, fakeClientBuild } from '../test/fake-client-build.ts';
import { buildTestApp } from '../test/test-app.ts';

const appWithClient = (overrides: Partial<Config> = {}) =>
  buildTestApp({ CLIENT_DIST_DIR: fakeClientBuild(), ...overrides }, { client: 'static' });

/** The policy as directive → sources, so a test names what it relies on. */
function cspOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(header, 'a Content-Security-Policy header').toBeTypeOf('string');
  const directives: Record<string, string[]> = {};
  for (const directive of String(header).split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) directives[name] = sources;
  }
  return directives;
}

/** One of each kind of answer: the shell, a deep link, an asset, a procedure, a 404, an error, a probe. */
async function everyKindOfAnswer(app: FastifyInstance) {
  return {
    shell: await app.inject('/'),
    'deep link': await app.inject({ url: '/status', headers: { accept: 'text/html' } }),
    asset: await app.inject(FAKE_SCRIPT_URL),
    procedure: await app.inject('/trpc/system.health'),
    'procedure error': await app.inject('/trpc/auth.sessions.list'),
    '404': await app.inject('/assets/missing-000000.js'),
    'Fastify error (415)': await app.inject({
      method: 'POST',
      url: '/trpc/auth.signUp',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost:3000' },
      payload: 'hello',
    }),
    probe: await app.inject('/healthz'),
  };
}

// Computed here, not imported: the test checks the server's hash against the script itself.
const themeScriptHash = `'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`;

describe('security headers on every response', () => {
  it('the shell, an asset, a procedure, a 404 and an error all carry the same enforced policy', async () => {
    const app = await appWithClient();
    const answers = await everyKindOfAnswer(app);
    expect(answers['procedure error'].statusCode).toBe(401);
    expect(answers['404'].statusCode).toBe(404);
    expect(answers['Fastify error (415)'].statusCode).toBe(415);

    // The policy, in full, once: every other answer must carry exactly the shell's.
    const policy = cspOf(answers.shell);
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", themeScriptHash],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    });
    for (const [kind, response] of Object.entries(answers)) {
      expect(response.headers['content-security-policy-report-only'], kind).toBeUndefined();
      expect(cspOf(response), kind).toEqual(policy);
      expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(response.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], kind).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy'], kind).toBe('same-origin');
      expect(response.headers['x-powered-by'], kind).toBeUndefined();
      // http://localhost: no HSTS, which would lock the host to https for months.
      expect(response.headers['strict-transport-security'], kind).toBeUndefined();
    }
  });

  it('the shell loads its script from its own origin, with no inline script the policy would block', () => {
    // The built shell holds exactly one inline script, the theme script, whose hash the policy names.
    const built = join(appRoot, 'dist/client/index.html');
    if (existsSync(built)) {
      const inline = [...readFileSync(built, 'utf8').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline.map((match) => match[1])).toEqual([themeScript]);
    }
    // The real shell: the source Vite builds from, and the build itself when there is one.
    const shells = ['index.html', 'dist/client/index.html']
      .map((file) => join(appRoot, file))
      .filter((file) => existsSync(file));
    expect(shells[0], 'the root index.html').toBe(join(appRoot, 'index.html'));
    for (const file of shells) {
      const html = readFileSync(file, 'utf8').replace(`<script>${themeScript}</script>`, '');
      expect(html, file).toMatch(/<script[^>]*\bsrc="\/(?!\/)[^"]*"[^>]*>/);
      expect(html, file).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it('sends HSTS with the configured max-age when the public URL is https, and upgrades requests', async () => {
    const app = await appWithClient({ PUBLIC_URL: 'https://app.example.test', HSTS_MAX_AGE_SECONDS: 31_536_000 });
    for (const [kind, response] of Object.entries(await everyKindOfAnswer(app))) {
      expect(response.headers['strict-transport-security'], kind).toBe('max-age=31536000; includeSubDomains');
      expect(cspOf(response)['upgrade-insecure-requests'], kind).toEqual([]);
    }
  });

  it('sends no HSTS when HSTS_MAX_AGE_SECONDS is 0', async () => {
    const app = await buildTestApp({ PUBLIC_URL: 'https://app.example.test', HSTS_MAX_AGE_SECONDS: 0 });
    const response = await app.inject('/trpc/system.health');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("relaxes only scripts, styles and the websocket in development, for Vite's preamble and HMR", async () => {
    const app = await buildTestApp({ NODE_ENV: 'development' });
    const csp = cspOf(await app.inject('/trpc/system.health'));
    expect(csp['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });
});
