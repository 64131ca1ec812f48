import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app.ts';
import { mutate, PASSWORD, query, recordedLinkToken, sessionCookie, signUpVerified } from '../../test/http-client.ts';

const PUBLIC_URL = 'https://app.example.test';
const tls = { origin: PUBLIC_URL };

/** Signs up over the TLS origin and follows the e-mailed link. */
async function signUpOverTls(app: FastifyInstance, email: string) {
  expect((await mutate(app, 'auth.signUp', { name: 'Tess', email }, tls)).status).toBe(200);
  const token = await recordedLinkToken(app, email, 'verify-email');
  expect((await mutate(app, 'auth.verifyEmail', { token, password: PASSWORD }, tls)).status).toBe(200);
}

/** A Set-Cookie value's attributes, lower-cased names → values ('' for flags). */
function attributesOf(setCookie: string): Record<string, string> {
  return Object.fromEntries(
    setCookie
      .split(';')
      .slice(1)
      .map((part) => part.trim().split('='))
      .map(([name, ...value]) => [String(name).toLowerCase(), value.join('=')]),
  );
}

describe('the session cookie over TLS (PUBLIC_URL https)', () => {
  it('is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/ with no Domain, and authenticates', async () => {
    const app = await buildTestApp({ PUBLIC_URL });
    await signUpOverTls(app, 'tess@example.com');
    const signIn = await mutate(app, 'auth.signIn', { email: 'tess@example.com', password: PASSWORD }, tls);
    expect(signIn.status).toBe(200);

    expect(signIn.setCookies.length).toBeGreaterThan(0);
    for (const setCookie of signIn.setCookies) expect(setCookie).toMatch(/^__Host-app\./);
    const session = signIn.setCookies.find((value) => value.startsWith('__Host-app.session_token='));
    expect(session).toBeDefined();
    const attributes = attributesOf(String(session));
    expect(attributes).toMatchObject({ path: '/', httponly: '', secure: '', samesite: 'Lax' });
    expect(attributes).not.toHaveProperty('domain');

    const cookie = sessionCookie(signIn);
    const viewer = await query(app, 'auth.viewer', undefined, { cookie, ...tls });
    expect(viewer.data).toMatchObject({ email: 'tess@example.com' });
    // Only the prefixed name is read: a cookie another host could set is ignored.
    const unprefixed = cookie.replace(/^__Host-/, '');
    expect((await query(app, 'auth.viewer', undefined, { cookie: unprefixed, ...tls })).data).toBeNull();
  });
});

describe('the session cookie over plain http (local runs)', () => {
  it('has no prefix and no Secure flag, which browsers would refuse on http', async () => {
    const app = await buildTestApp();
    await signUpVerified(app, 'local@example.com');
    const signIn = await mutate(app, 'auth.signIn', { email: 'local@example.com', password: PASSWORD });
    const session = signIn.setCookies.find((value) => value.startsWith('app.session_token='));
    expect(session).toBeDefined();
    const attributes = attributesOf(String(session));
    expect(attributes).toMatchObject({ path: '/', httponly: '', samesite: 'Lax' });
    expect(attributes).not.toHaveProperty('secure');
  });
});
