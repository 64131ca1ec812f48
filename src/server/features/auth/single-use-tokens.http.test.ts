import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { linkIn } from '../../email/outbox.ts';
import { mutate, PASSWORD, recordedLinkToken, signUpVerified } from '../../test/http-client.ts';
import { buildTestApp } from '../../test/test-app.ts';

/** The token of every reset link e-mailed to an address, oldest first (once the work after the answers is done). */
async function resetTokensSentTo(app: FastifyInstance, email: string): Promise<string[]> {
  await app.services.background.settled();
  const messages = await app.services.db.emailOutbox.findMany({
    where: { recipient: email, template: 'reset-password' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { text: true },
  });
  return messages.map((message) => linkIn(message.text, '/reset-password')?.searchParams.get('token') ?? '');
}

describe('an e-mailed link works once', () => {
  it('a password reset ends every reset link of the account, older ones too', async () => {
    const app = await buildTestApp();
    const email = 'reset-twice@example.com';
    await signUpVerified(app, email);
    await mutate(app, 'auth.requestPasswordReset', { email });
    await mutate(app, 'auth.requestPasswordReset', { email });
    const [older, newer] = await resetTokensSentTo(app, email);
    expect(older && newer && older !== newer).toBe(true);

    const reset = await mutate(app, 'auth.resetPassword', { token: newer, password: 'the newest passphrase' });
    expect(reset.status).toBe(200);
    const replay = await mutate(app, 'auth.resetPassword', { token: older, password: 'an older link tries this' });
    expect([replay.status, replay.appCode]).toEqual([400, 'INVALID_TOKEN']);
    expect((await mutate(app, 'auth.signIn', { email, password: 'an older link tries this' })).status).toBe(401);
    expect((await mutate(app, 'auth.signIn', { email, password: 'the newest passphrase' })).status).toBe(200);
  });

  it('one verification link sent by 8 calls at once confirms once: one session, seven INVALID_TOKEN', async () => {
    const app = await buildTestApp();
    const email = 'race@example.com';
    await mutate(app, 'auth.signUp', { name: 'Race', email, password: PASSWORD });
    const token = await recordedLinkToken(app, email, 'verify-email');

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        mutate(app, 'auth.verifyEmail', { token, password: `racer number ${index} passphrase` }),
      ),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.appCode === 'INVALID_TOKEN')).toHaveLength(7);
    expect(await app.services.db.session.count()).toBe(1);
    expect(winners[0]?.setCookies.some((cookie) => cookie.includes('session_token='))).toBe(true);

    // The link is spent: later it confirms nothing and signs nobody in.
    const later = await mutate(app, 'auth.verifyEmail', { token, password: 'one more passphrase' });
    expect([later.status, later.appCode]).toEqual([400, 'INVALID_TOKEN']);
    expect(await app.services.db.session.count()).toBe(1);
  });
});
