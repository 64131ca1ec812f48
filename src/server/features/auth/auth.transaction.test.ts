import { describe, expect, it } from 'vitest';
import type { EmailPort } from '../../email/email-port.ts';
import { createTestCaller, createTestServices } from '../../test/test-app.ts';

describe('identity changes and their e-mails commit together', () => {
  it('leaves neither a reset token nor its e-mail when queueing fails after the token was written', async () => {
    const services = await createTestServices();
    const { config, db } = services;
    const { caller } = await createTestCaller(services);
    await caller.auth.signUp({ name: 'Ada', email: 'ada@example.com' });

    // The e-mail is written to the outbox, then the port fails: the whole change must go.
    const failing: EmailPort = {
      async send(message) {
        await services.email.send(message);
        throw new Error('the e-mail port broke');
      },
    };
    // The work follows the answer (password-reset.http.test.ts): it fails after it.
    const broken = await createTestCaller({ config, db, email: failing });
    await broken.caller.auth.requestPasswordReset({ email: 'ada@example.com' });
    await broken.services.background.settled();

    const resetTokens = () => db.verification.count({ where: { identifier: { startsWith: 'reset-password:' } } });
    const resetEmails = () => db.emailOutbox.count({ where: { template: 'reset-password' } });
    expect(await resetTokens()).toBe(0);
    expect(await resetEmails()).toBe(0);

    // With a working port, both are there.
    await caller.auth.requestPasswordReset({ email: 'ada@example.com' });
    await services.background.settled();
    expect(await resetTokens()).toBe(1);
    expect(await resetEmails()).toBe(1);
  });

  it('leaves no account behind when the verification e-mail of a sign-up cannot be queued', async () => {
    const { config, db } = await createTestServices();
    const failing: EmailPort = {
      async send() {
        throw new Error('the e-mail port broke');
      },
    };
    const { caller } = await createTestCaller({ config, db, email: failing });
    await expect(caller.auth.signUp({ name: 'Ada', email: 'ada@example.com' })).rejects.toThrow();
    expect(await db.user.count({ where: { email: 'ada@example.com' } })).toBe(0);
  });
});
