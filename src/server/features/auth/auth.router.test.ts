import { describe, expect, it } from 'vitest';
import { linkIn } from '../../email/outbox.ts';
import { createTestCaller } from '../../test/test-app.ts';

type Services = Awaited<ReturnType<typeof createTestCaller>>['services'];

/** Tokens of every link of a template e-mailed to an address, oldest first, once the work after the answers is done. */
async function tokensSentTo(services: Services, email: string, template: 'verify-email' | 'reset-password') {
  await services.background.settled();
  const messages = await services.db.emailOutbox.findMany({
    where: { recipient: email, template },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { text: true },
  });
  return messages.map((message) => linkIn(message.text, `/${template}`)?.searchParams.get('token') ?? '');
}

const PASSWORD = 'correct horse battery staple';

describe('auth.checkLink', () => {
  it('says a verification link is usable until it is used, without using it', async () => {
    const { caller, services } = await createTestCaller();
    const email = 'check-verify@example.com';
    await caller.auth.signUp({ name: 'Checker', email });
    const [token = ''] = await tokensSentTo(services, email, 'verify-email');

    expect(await caller.auth.checkLink({ kind: 'verify', token })).toEqual({ usable: true });
    // Checking did not use it: it still confirms the address.
    expect(await caller.auth.checkLink({ kind: 'verify', token })).toEqual({ usable: true });
    await caller.auth.verifyEmail({ token, password: PASSWORD });
    expect(await caller.auth.checkLink({ kind: 'verify', token })).toEqual({ usable: false });
  });

  it('says a reset link is usable until it is used; an altered or unknown token never is', async () => {
    const { caller, services } = await createTestCaller();
    const email = 'check-reset@example.com';
    await caller.auth.signUp({ name: 'Resetter', email });
    const [verifyToken = ''] = await tokensSentTo(services, email, 'verify-email');
    await caller.auth.verifyEmail({ token: verifyToken, password: PASSWORD });
    await caller.auth.requestPasswordReset({ email });
    const [token = ''] = await tokensSentTo(services, email, 'reset-password');

    expect(await caller.auth.checkLink({ kind: 'reset', token })).toEqual({ usable: true });
    expect(await caller.auth.checkLink({ kind: 'reset', token })).toEqual({ usable: true });
    await caller.auth.resetPassword({ token, password: 'a brand new passphrase' });
    expect(await caller.auth.checkLink({ kind: 'reset', token })).toEqual({ usable: false });
    expect(await caller.auth.checkLink({ kind: 'reset', token: 'no-such-token' })).toEqual({ usable: false });
    expect(await caller.auth.checkLink({ kind: 'verify', token: `${verifyToken}x` })).toEqual({ usable: false });
  });

  it('says an expired reset link is not usable', async () => {
    const { caller, services } = await createTestCaller();
    const email = 'check-expired@example.com';
    await caller.auth.signUp({ name: 'Late', email });
    const [verifyToken = ''] = await tokensSentTo(services, email, 'verify-email');
    await caller.auth.verifyEmail({ token: verifyToken, password: PASSWORD });
    await caller.auth.requestPasswordReset({ email });
    const [token = ''] = await tokensSentTo(services, email, 'reset-password');
    await services.db.verification.updateMany({
      where: { identifier: { startsWith: 'reset-password:' } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });

    expect(await caller.auth.checkLink({ kind: 'reset', token })).toEqual({ usable: false });
  });
});

describe('auth.resendConfirmation', () => {
  it('sends a fresh link that confirms an address still waiting, and answers alike for any other', async () => {
    const { caller, services } = await createTestCaller();
    const email = 'resend@example.com';
    await caller.auth.signUp({ name: 'Waiting', email });

    await caller.auth.resendConfirmation({ email });
    const tokens = await tokensSentTo(services, email, 'verify-email');
    expect(tokens).toHaveLength(2);
    const fresh = tokens[1] ?? '';
    expect(fresh).not.toBe(tokens[0]);
    await caller.auth.verifyEmail({ token: fresh, password: PASSWORD });
    const user = await services.db.user.findUniqueOrThrow({
      where: { email },
      select: { emailVerified: true, name: true },
    });
    expect(user).toEqual({ emailVerified: true, name: 'Waiting' });

    // A confirmed address and an unknown one get the same answer, and no e-mail.
    await caller.auth.resendConfirmation({ email });
    await caller.auth.resendConfirmation({ email: 'nobody@example.com' });
    expect(await tokensSentTo(services, email, 'verify-email')).toHaveLength(2);
    expect(await tokensSentTo(services, 'nobody@example.com', 'verify-email')).toHaveLength(0);
    expect(await services.db.user.count({ where: { email: 'nobody@example.com' } })).toBe(0);
  });

  it('does nothing for a bot that fills the honeypot', async () => {
    const { caller, services } = await createTestCaller();
    const email = 'bot-resend@example.com';
    await caller.auth.signUp({ name: 'Bot', email });
    await caller.auth.resendConfirmation({ email, website: 'https://spam.example' });
    expect(await tokensSentTo(services, email, 'verify-email')).toHaveLength(1);
  });
});
