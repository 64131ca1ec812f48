import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import type { PasswordHasher } from './create-auth.ts';
import { transactionOpen } from '../../db/transaction.ts';
import { mutate, PASSWORD, recordedLinkToken, sessionCookie } from '../../test/http-client.ts';
import { buildTestApp } from '../../test/test-app.ts';

/**
 * Hashing a password costs tens of milliseconds of CPU. Inside a transaction it
 * holds a connection that long (on SQLite the only one, so every other request
 * waits): no identity operation may hash or check a password with one open.
 */
function watchedHasher() {
  const calls: { operation: 'hash' | 'verify'; inTransaction: boolean }[] = [];
  const hasher: PasswordHasher = {
    hash: (password) => {
      calls.push({ operation: 'hash', inTransaction: transactionOpen() });
      return hashPassword(password);
    },
    verify: (data) => {
      calls.push({ operation: 'verify', inTransaction: transactionOpen() });
      return verifyPassword(data);
    },
  };
  return { hasher, calls };
}

describe('passwords are hashed with no database transaction open', () => {
  it('in sign-up, confirmation, sign-in, password change and reset, and for a taken address', async () => {
    const { hasher, calls } = watchedHasher();
    const app = await buildTestApp({}, { client: 'none', passwordHasher: hasher });
    const email = 'hash@example.com';

    expect((await mutate(app, 'auth.signUp', { name: 'Hash', email, password: PASSWORD })).status).toBe(200);
    const token = await recordedLinkToken(app, email, 'verify-email');
    const confirmed = await mutate(app, 'auth.verifyEmail', { token, password: PASSWORD });
    expect(confirmed.status).toBe(200);
    // A sign-up for an address that has an account already.
    expect((await mutate(app, 'auth.signUp', { name: 'Again', email, password: PASSWORD })).status).toBe(200);
    expect((await mutate(app, 'auth.signIn', { email, password: PASSWORD })).status).toBe(200);
    const changed = await mutate(
      app,
      'auth.changePassword',
      { currentPassword: PASSWORD, newPassword: 'a second long passphrase' },
      { cookie: sessionCookie(confirmed) },
    );
    expect(changed.status).toBe(200);
    await mutate(app, 'auth.requestPasswordReset', { email });
    const resetToken = await recordedLinkToken(app, email, 'reset-password');
    expect(
      (await mutate(app, 'auth.resetPassword', { token: resetToken, password: 'a third passphrase' })).status,
    ).toBe(200);

    // Every operation above that takes a password hashed or checked it.
    expect(calls.filter((call) => call.operation === 'hash').length).toBeGreaterThanOrEqual(3);
    expect(calls.filter((call) => call.inTransaction)).toEqual([]);
  });
});
