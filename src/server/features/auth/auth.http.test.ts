import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app.ts';
import {
  comparableBody,
  mutate,
  PASSWORD,
  query,
  recordedLinkToken,
  sessionCookie,
  signUpVerified,
} from '../../test/http-client.ts';

describe('accounts and sessions over HTTP', () => {
  it('sign-up sends a verification link; its page sets the password and signs the person in', async () => {
    const app = await buildTestApp();
    const signedUp = await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com' });
    expect(signedUp.status).toBe(200);
    expect(signedUp.setCookies).toEqual([]);

    const links = () => app.services.db.emailOutbox.count({ where: { template: 'verify-email' } });
    expect(await links()).toBe(1);
    // No password exists before the link is followed: sign-in answers as for an unknown address.
    const early = await mutate(app, 'auth.signIn', { email: 'ada@example.com', password: PASSWORD });
    expect([early.status, early.appCode]).toEqual([401, 'INVALID_CREDENTIALS']);
    // Signing up again sends a fresh link, so a lost or expired one never strands anyone.
    await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com' });
    expect(await links()).toBe(2);

    const verified = await mutate(app, 'auth.verifyEmail', {
      token: await recordedLinkToken(app, 'ada@example.com', 'verify-email'),
      password: PASSWORD,
    });
    const cookie = verified.setCookies.find((value) => value.includes('session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);

    const viewer = await query(app, 'auth.viewer', undefined, { cookie: sessionCookie(verified) });
    expect(viewer.data).toMatchObject({ email: 'ada@example.com', role: 'member' });
    expect((await mutate(app, 'auth.signIn', { email: 'ada@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('a used or forged verification token is refused as INVALID_TOKEN', async () => {
    const app = await buildTestApp();
    const result = await mutate(app, 'auth.verifyEmail', {
      token: 'eyJhbGciOiJIUzI1NiJ9.e30.forged',
      password: PASSWORD,
    });
    expect([result.status, result.appCode]).toEqual([400, 'INVALID_TOKEN']);
  });

  it('an unknown e-mail and a wrong password get the same answer', async () => {
    const app = await buildTestApp();
    await signUpVerified(app, 'grace@example.com');
    const unknown = await mutate(app, 'auth.signIn', { email: 'nobody@example.com', password: PASSWORD });
    const wrong = await mutate(app, 'auth.signIn', { email: 'grace@example.com', password: 'not the password' });
    expect([unknown.status, unknown.appCode]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect([wrong.status, wrong.appCode]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect(comparableBody(unknown)).toBe(comparableBody(wrong));
  });

  it('sign-in rotates the session: a new token each time, both revocable', async () => {
    const app = await buildTestApp();
    const first = await signUpVerified(app, 'linus@example.com');
    const second = sessionCookie(await mutate(app, 'auth.signIn', { email: 'linus@example.com', password: PASSWORD }));
    expect(second).not.toBe(first);

    const sessions = await query(app, 'auth.sessions.list', undefined, { cookie: second });
    const list = sessions.data as { id: string; current: boolean }[];
    expect(list).toHaveLength(2);
    const other = list.find((session) => !session.current);

    expect((await mutate(app, 'auth.sessions.revoke', { id: other?.id }, { cookie: second })).status).toBe(200);
    const revoked = await query(app, 'auth.sessions.list', undefined, { cookie: first });
    expect([revoked.status, revoked.appCode]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await query(app, 'auth.viewer', undefined, { cookie: first })).data).toBeNull();
  });

  it("one user cannot revoke another's session: NOT_FOUND, and it stays alive", async () => {
    const app = await buildTestApp();
    const alice = await signUpVerified(app, 'alice@example.com');
    const bob = await signUpVerified(app, 'bob@example.com');
    const bobSessions = (await query(app, 'auth.sessions.list', undefined, { cookie: bob })).data as { id: string }[];

    const attempt = await mutate(app, 'auth.sessions.revoke', { id: bobSessions[0]?.id }, { cookie: alice });
    expect([attempt.status, attempt.appCode]).toEqual([404, 'NOT_FOUND']);
    expect((await query(app, 'auth.viewer', undefined, { cookie: bob })).data).toMatchObject({
      email: 'bob@example.com',
    });
  });

  it('sign-out ends the session', async () => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'mary@example.com');
    const out = await mutate(app, 'auth.signOut', undefined, { cookie });
    expect(out.status).toBe(200);
    expect(out.setCookies.join()).toMatch(/session_token=;|Max-Age=0/i);
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).toBeNull();
  });

  it('changing the password ends the other sessions and the new password works', async () => {
    const app = await buildTestApp();
    const phone = await signUpVerified(app, 'ken@example.com');
    const laptop = sessionCookie(await mutate(app, 'auth.signIn', { email: 'ken@example.com', password: PASSWORD }));
    const wrongCurrent = await mutate(
      app,
      'auth.changePassword',
      { currentPassword: 'not it at all', newPassword: 'a brand new passphrase' },
      { cookie: laptop },
    );
    expect(wrongCurrent.appCode).toBe('INVALID_CREDENTIALS');

    const changed = await mutate(
      app,
      'auth.changePassword',
      { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' },
      { cookie: laptop },
    );
    expect(changed.status).toBe(200);
    expect((await query(app, 'auth.viewer', undefined, { cookie: phone })).data).toBeNull();
    const again = await mutate(app, 'auth.signIn', { email: 'ken@example.com', password: 'a brand new passphrase' });
    expect(again.status).toBe(200);
  });

  it('password reset: the e-mailed link sets a new password and ends every session', async () => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'dennis@example.com');
    expect((await mutate(app, 'auth.requestPasswordReset', { email: 'dennis@example.com' })).status).toBe(200);
    // The same answer for an address without an account: nothing to learn from it.
    expect((await mutate(app, 'auth.requestPasswordReset', { email: 'ghost@example.com' })).status).toBe(200);

    const token = await recordedLinkToken(app, 'dennis@example.com', 'reset-password');
    const reset = await mutate(app, 'auth.resetPassword', { token, password: 'another long passphrase' });
    expect(reset.status).toBe(200);
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).toBeNull();
    expect((await mutate(app, 'auth.resetPassword', { token, password: 'yet another passphrase' })).appCode).toBe(
      'INVALID_TOKEN',
    );
    const signIn = await mutate(app, 'auth.signIn', {
      email: 'dennis@example.com',
      password: 'another long passphrase',
    });
    expect(signIn.status).toBe(200);
  });

  it('sign-up shows field errors from the shared schema, and does not reveal a taken e-mail', async () => {
    const app = await buildTestApp();
    const invalid = await mutate(app, 'auth.signUp', { name: '', email: 'not-an-email' });
    expect(invalid.appCode).toBe('VALIDATION_FAILED');
    const fieldsOf = (result: typeof invalid) =>
      result.response.json<{ error: { json: { data: { fieldErrors: Record<string, string[]> } } } }>().error.json.data
        .fieldErrors;
    expect(Object.keys(fieldsOf(invalid)).sort()).toEqual(['email', 'name']);
    // The password is chosen on the link's page, under the same rule.
    const short = await mutate(app, 'auth.verifyEmail', { token: 'any', password: 'short' });
    expect(Object.keys(fieldsOf(short))).toEqual(['password']);

    await signUpVerified(app, 'taken@example.com');
    // The same answer as a new account: sign-up cannot be used to find out who has one.
    const taken = await mutate(app, 'auth.signUp', { name: 'Again', email: 'taken@example.com' });
    expect(taken.status).toBe(200);
    expect(await app.db.user.count({ where: { email: 'taken@example.com' } })).toBe(1);
  });
});

describe('bad credentials never get 2xx or 5xx on a signed-in procedure', () => {
  it.each([
    ['a forged session cookie', { cookie: 'app.session_token=forged.c2lnbmF0dXJl' }],
    ['a malformed cookie', { cookie: 'app.session_token=%%%;;;' }],
    ['an oversized cookie', { cookie: `app.session_token=${'a'.repeat(8000)}` }],
    ['a malformed Authorization header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an unknown API key', { authorization: 'Bearer rpc_thisisnotakey' }],
  ])('%s → 401 UNAUTHENTICATED', async (_name, options) => {
    const app = await buildTestApp();
    const result = await query(app, 'auth.sessions.list', undefined, options);
    expect([result.status, result.appCode]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await query(app, 'auth.viewer', undefined, options)).data).toBeNull();
  });
});

describe('an expired session', () => {
  it('is refused at once, like no session at all', async () => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'expired@example.com');
    await app.db.session.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    const result = await query(app, 'auth.sessions.list', undefined, { cookie });
    expect([result.status, result.appCode]).toEqual([401, 'UNAUTHENTICATED']);
    // A mutation does not bring it back by extending it, and the auth library ends it for good.
    const change = await mutate(app, 'auth.signOut', undefined, { cookie });
    expect([change.status, change.appCode]).toEqual([401, 'UNAUTHENTICATED']);
    expect(await app.db.session.count()).toBe(0);
  });
});

describe('the session cookie is checked on every request', () => {
  it('refuses a known session token whose signature is not the server’s', async () => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'forged@example.com');
    const [name, value] = cookie.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0] ?? '';
    const forged = `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    expect((await query(app, 'auth.viewer', undefined, { cookie: forged })).data).toBeNull();
    expect((await query(app, 'auth.sessions.list', undefined, { cookie: `${name}=${token}` })).status).toBe(401);
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).toMatchObject({
      email: 'forged@example.com',
    });
  });

  it('refuses the session of a person disabled since, even while the session row remains', async () => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'disabled@example.com');
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).not.toBeNull();
    await app.db.user.update({ where: { email: 'disabled@example.com' }, data: { disabled: true } });
    expect(await app.db.session.count()).toBe(1);
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).toBeNull();
    const change = await mutate(app, 'auth.signOut', undefined, { cookie });
    expect([change.status, change.appCode]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('cross-site requests', () => {
  it('refuses a state change that carries a cookie from another origin, and allows our own', async () => {
    const app = await buildTestApp();
    const cookie = await signUpVerified(app, 'csrf@example.com');
    const forged = await mutate(app, 'auth.signOut', undefined, { cookie, origin: 'https://evil.example' });
    expect([forged.status, forged.appCode]).toEqual([403, 'ORIGIN_NOT_ALLOWED']);
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).not.toBeNull();
    expect((await mutate(app, 'auth.signOut', undefined, { cookie })).status).toBe(200);
  });
});
