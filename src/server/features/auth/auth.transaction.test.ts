import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createAuth } from '../../auth/create-auth.ts';
import type { EmailPort } from '../../email/email-port.ts';
import { PASSWORD } from '../../test/http-client.ts';
import { createTestCaller, createTestServices } from '../../test/test-app.ts';

describe('identity changes and their e-mails commit together', () => {
  it('leaves neither a reset token nor its e-mail when queueing fails after the token was written', async () => {
    const services = await createTestServices();
    const { caller } = await createTestCaller(services);
    await caller.auth.signUp({ name: 'Ada', email: 'ada@example.com', password: PASSWORD });

    // The e-mail is written to the outbox, then the port fails: the whole change must go.
    const failing: EmailPort = {
      async send(message) {
        await services.email.send(message);
        throw new Error('the e-mail port broke');
      },
    };
    const auth = createAuth({
      config: services.config,
      db: services.db,
      email: failing,
      log: pino({ level: 'silent' }),
    });
    const broken = await createTestCaller({ ...services, auth, email: failing });
    await expect(broken.caller.auth.requestPasswordReset({ email: 'ada@example.com' })).rejects.toThrow();

    const resetTokens = () =>
      services.db.verification.count({ where: { identifier: { startsWith: 'reset-password:' } } });
    const resetEmails = () => services.db.emailOutbox.count({ where: { template: 'reset-password' } });
    expect(await resetTokens()).toBe(0);
    expect(await resetEmails()).toBe(0);

    // With a working port, both are there.
    await caller.auth.requestPasswordReset({ email: 'ada@example.com' });
    expect(await resetTokens()).toBe(1);
    expect(await resetEmails()).toBe(1);
  });

  it('leaves no account behind when the verification e-mail of a sign-up cannot be queued', async () => {
    const services = await createTestServices();
    const failing: EmailPort = {
      async send() {
        throw new Error('the e-mail port broke');
      },
    };
    const auth = createAuth({
      config: services.config,
      db: services.db,
      email: failing,
      log: pino({ level: 'silent' }),
    });
    const { caller } = await createTestCaller({ ...services, auth, email: failing });
    await expect(caller.auth.signUp({ name: 'Ada', email: 'ada@example.com', password: PASSWORD })).rejects.toThrow();
    expect(await services.db.user.count({ where: { email: 'ada@example.com' } })).toBe(0);
  });
});
