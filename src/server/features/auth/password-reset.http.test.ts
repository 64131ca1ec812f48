import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import type { EmailMessage } from '../../email/email-port.ts';
import { comparableBody, mutate, recordedLinkToken, signUpVerified } from '../../test/http-client.ts';
import { buildTestApp, buildTestAppWithLog } from '../../test/test-app.ts';

/**
 * A reset request for an existing account took longer (a token and an
 * e-mail written) than one for an unknown address, which told the two apart. The
 * answer now goes out first, the same for both; the work follows it. No clock is read
 * here: the work is held, and the answer must come while it is.
 */

/** A promise and the function that resolves it (Promise.withResolvers needs Node 22). */
function signal() {
  let fire: () => void = () => undefined;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}

/** Holds every reset e-mail at the outbox's door until `release()`; `entered` resolves when one knocks. */
function holdResetEmails(app: FastifyInstance) {
  const send = app.email.send.bind(app.email);
  const released = signal();
  const entered = signal();
  app.email.send = async (message: EmailMessage) => {
    if (message.template.name === 'reset-password') {
      entered.fire();
      await released.fired;
    }
    await send(message);
  };
  // Never leave a test's app stuck on the gate, whatever failed.
  onTestFinished(() => {
    released.fire();
  });
  return { release: released.fire, entered: entered.fired };
}

const resetRows = (db: FastifyInstance['db'], to: string) =>
  Promise.all([
    db.verification.count({ where: { identifier: { startsWith: 'reset-password:' } } }),
    db.emailOutbox.count({ where: { recipient: to, template: 'reset-password' } }),
  ]);

describe('a password-reset request answers in the same time whether or not the account exists', () => {
  it('answers while the reset work is still held, and the e-mail follows once it is let go', async () => {
    const app = await buildTestApp();
    await signUpVerified(app, 'ada@example.com');
    const gate = holdResetEmails(app);

    const answer = await mutate(app, 'auth.requestPasswordReset', { email: 'ada@example.com' });
    expect(answer.status).toBe(200);
    // The work did start (after the answer), and is waiting at the gate.
    await gate.entered;

    gate.release();
    await app.services.background.settled();
    expect(await resetRows(app.db, 'ada@example.com')).toEqual([1, 1]);
    expect(await recordedLinkToken(app, 'ada@example.com', 'reset-password')).not.toBe('');
  });

  it('takes the same path for an unknown address: the same answer, the same background work, no e-mail', async () => {
    const app = await buildTestApp();
    await signUpVerified(app, 'ada@example.com');
    const scheduled: string[] = [];
    const run = app.services.background.run.bind(app.services.background);
    app.services.background.run = (name, work, log) => {
      scheduled.push(name);
      run(name, work, log);
    };

    const known = await mutate(app, 'auth.requestPasswordReset', { email: 'ada@example.com' });
    const unknown = await mutate(app, 'auth.requestPasswordReset', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(comparableBody(known)).toBe(comparableBody(unknown));
    // Both answers were given before any lookup: each only handed the same work on.
    expect(scheduled).toEqual(['password reset', 'password reset']);

    await app.services.background.settled();
    expect(await resetRows(app.db, 'ada@example.com')).toEqual([1, 1]);
    expect(await app.db.emailOutbox.count({ where: { recipient: 'ghost@example.com' } })).toBe(0);
  });

  it('closing the app waits for reset work still running, so its e-mail is queued', async () => {
    const app = await buildTestApp();
    await signUpVerified(app, 'ada@example.com');
    const gate = holdResetEmails(app);
    expect((await mutate(app, 'auth.requestPasswordReset', { email: 'ada@example.com' })).status).toBe(200);
    await gate.entered;

    // Close while the work is held: it either waits for the work, or finishes (and
    // closes the database) under it. Whichever comes first decides, with no clock.
    const { background } = app.services;
    const settled = background.settled.bind(background);
    const waiting = signal();
    background.settled = () => {
      waiting.fire();
      return settled();
    };
    const closing = app.close();
    const first = await Promise.race([
      waiting.fired.then(() => 'close waits for the work'),
      closing.then(() => 'closed under the work'),
    ]);
    expect(first).toBe('close waits for the work');
    gate.release();
    await closing;

    const db = await openDatabase({ databaseUrl: app.services.config.DATABASE_URL, busyTimeoutMs: 1000 });
    onTestFinished(() => db.$disconnect());
    expect(await resetRows(db, 'ada@example.com')).toEqual([1, 1]);
  });

  it('logs a failure of the reset work, and leaves neither a token nor an e-mail', async () => {
    const { app, lines } = await buildTestAppWithLog({ LOG_LEVEL: 'warn' });
    await signUpVerified(app, 'ada@example.com');
    const send = app.email.send.bind(app.email);
    // The e-mail is written, then the port fails: the token and the e-mail must both go.
    app.email.send = async (message: EmailMessage) => {
      await send(message);
      if (message.template.name === 'reset-password') throw new Error('the e-mail port broke');
    };

    const answer = await mutate(app, 'auth.requestPasswordReset', { email: 'ada@example.com' });
    expect(answer.status).toBe(200);
    await app.services.background.settled();

    expect(await resetRows(app.db, 'ada@example.com')).toEqual([0, 0]);
    const failures = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.task === 'password reset');
    expect(failures).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'background work failed',
        reqId: answer.response.headers['x-request-id'],
      }),
    ]);
  });
});
