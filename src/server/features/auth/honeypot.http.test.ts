import { describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppWithLog } from '../../test/test-app.ts';
import { comparableBody, mutate, PASSWORD, recordedLinkToken, signUpVerified } from '../../test/http-client.ts';

const BOT = { website: 'https://cheap-pills.example' };

describe('the honeypot field of the public forms', () => {
  it('sign-up: a bot gets the answer a person gets, and no account or e-mail is made', async () => {
    const app = await buildTestApp();
    const person = await mutate(app, 'auth.signUp', { name: 'Ann', email: 'ann@example.com' });
    const bot = await mutate(app, 'auth.signUp', { name: 'Bot', email: 'bot@example.com', ...BOT });
    expect(bot.status).toBe(person.status);
    expect(bot.data).toEqual(person.data);
    expect(await app.db.user.count({ where: { email: 'bot@example.com' } })).toBe(0);
    expect(await app.db.emailOutbox.count({ where: { recipient: 'bot@example.com' } })).toBe(0);
  });

  it('sign-in: a bot with the right password gets the answer to a wrong one, and no session', async () => {
    const app = await buildTestApp();
    await signUpVerified(app, 'ben@example.com');
    const wrong = await mutate(app, 'auth.signIn', { email: 'ben@example.com', password: 'not the password' });
    const bot = await mutate(app, 'auth.signIn', { email: 'ben@example.com', password: PASSWORD, ...BOT });
    expect([bot.status, bot.appCode]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect(comparableBody(bot)).toBe(comparableBody(wrong));
    expect(bot.setCookies).toEqual([]);
  });

  it('forgot-password: a bot gets the usual answer, and no e-mail is sent', async () => {
    const app = await buildTestApp();
    await signUpVerified(app, 'cal@example.com');
    const bot = await mutate(app, 'auth.requestPasswordReset', { email: 'cal@example.com', ...BOT });
    const person = await mutate(app, 'auth.requestPasswordReset', { email: 'nobody@example.com' });
    expect(bot.status).toBe(200);
    expect(comparableBody(bot)).toBe(comparableBody(person));
    // A person's reset e-mail is queued after the answer: nothing of the bot's may follow.
    await app.services.background.settled();
    expect(
      await app.db.emailOutbox.count({ where: { recipient: 'cal@example.com', template: 'reset-password' } }),
    ).toBe(0);
  });

  it('the empty field the forms send for a person changes nothing', async () => {
    const app = await buildTestApp();
    const empty = { website: '' };
    const signUp = await mutate(app, 'auth.signUp', {
      name: 'Dee',
      email: 'dee@example.com',
      ...empty,
    });
    expect(signUp.status).toBe(200);
    expect(await app.db.user.count({ where: { email: 'dee@example.com' } })).toBe(1);
    const token = await recordedLinkToken(app, 'dee@example.com', 'verify-email');
    expect((await mutate(app, 'auth.verifyEmail', { token, password: PASSWORD })).status).toBe(200);
    expect((await mutate(app, 'auth.signIn', { email: 'dee@example.com', password: PASSWORD, ...empty })).status).toBe(
      200,
    );
    await mutate(app, 'auth.requestPasswordReset', { email: 'dee@example.com', ...empty });
    await app.services.background.settled();
    expect(
      await app.db.emailOutbox.count({ where: { recipient: 'dee@example.com', template: 'reset-password' } }),
    ).toBe(1);
  });

  it('is left out of the audit trail, for a bot and for a person: bait, not data', async () => {
    const app = await buildTestApp();
    const forms = [
      ['auth.signUp', { name: 'Fay', email: 'fay@example.com' }],
      ['auth.signIn', { email: 'fay@example.com', password: 'not the password' }],
      ['auth.requestPasswordReset', { email: 'fay@example.com' }],
      ['auth.resendConfirmation', { email: 'fay@example.com' }],
    ] as const;
    for (const [path, input] of forms) {
      await mutate(app, path, { ...input, ...BOT });
      await mutate(app, path, { ...input, website: '' });
    }
    const rows = await app.db.auditEvent.findMany({ where: { procedure: { in: forms.map(([path]) => path) } } });
    expect(rows).toHaveLength(forms.length * 2);
    for (const row of rows) {
      const payload = JSON.parse(row.payload ?? 'null') as Record<string, unknown>;
      expect(Object.keys(payload), row.procedure).not.toContain('website');
      // The other declarations still hold: the address is personal, the password secret.
      expect(payload.email).toBe('[redacted]');
      expect(row.payload).not.toContain('not the password');
    }
  });

  it('logs a caught bot at info, naming the procedure', async () => {
    const { app, lines } = await buildTestAppWithLog({ LOG_LEVEL: 'info' });
    const honeypotLines = () =>
      lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.honeypot === true);

    const person = { name: 'Eve', email: 'eve@example.com', website: '' };
    expect((await mutate(app, 'auth.signUp', person)).status).toBe(200);
    // Not caught: the account is made, and nothing is logged about a honeypot.
    expect(await app.db.user.count({ where: { email: person.email } })).toBe(1);
    expect(honeypotLines()).toEqual([]);

    const bot = { name: 'Bot', email: 'bot@example.com', website: 'x' };
    expect((await mutate(app, 'auth.signUp', bot)).status).toBe(200);
    // Caught: no account, and one line at info (30) naming the procedure.
    expect(await app.db.user.count({ where: { email: bot.email } })).toBe(0);
    expect(honeypotLines()).toEqual([
      expect.objectContaining({
        level: 30,
        procedure: 'auth.signUp',
        honeypot: true,
        msg: expect.any(String) as unknown,
      }),
    ]);
  });
});
