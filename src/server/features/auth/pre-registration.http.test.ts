import { describe, expect, it } from 'vitest';
import { comparableBody, mutate, query, recordedLinkToken, sessionCookie } from '../../test/http-client.ts';
import { buildTestApp } from '../../test/test-app.ts';

const VICTIM = 'victim@example.com';
const ATTACKER_PASSWORD = 'the attacker chose this one';
const VICTIM_PASSWORD = 'the victim chose this one';

/**
 * Pre-registration account takeover (Sudhodanan & Paverd, "Pre-hijacked accounts",
 * USENIX Security 2022): someone signs up first with another person's address and a
 * password of their own, and waits for the owner to confirm the address. A confirmed
 * address must never make a password valid that someone else chose.
 */
describe('an account pre-registered with somebody else’s address', () => {
  it('never lets the pre-registrant’s password in, and the owner gets a fresh link and their own password', async () => {
    const app = await buildTestApp();
    const verificationEmails = () =>
      app.services.db.emailOutbox.count({ where: { recipient: VICTIM, template: 'verify-email' } });

    // The attacker signs up first, with the victim's address and a password of their own.
    const attack = await mutate(app, 'auth.signUp', { name: 'Mallory', email: VICTIM, password: ATTACKER_PASSWORD });
    expect(attack.status).toBe(200);
    expect(await verificationEmails()).toBe(1);

    // The victim signs up: the same answer as for a new address, and a fresh link in their inbox.
    const own = await mutate(app, 'auth.signUp', { name: 'Victor', email: VICTIM, password: VICTIM_PASSWORD });
    expect(comparableBody(own)).toBe(comparableBody(attack));
    expect(await verificationEmails()).toBe(2);

    // They follow the link in their inbox: it lands on a page where they choose the password.
    const token = await recordedLinkToken(app, VICTIM, 'verify-email');
    const confirmed = await mutate(app, 'auth.verifyEmail', { token, password: VICTIM_PASSWORD });
    expect(confirmed.status).toBe(200);
    const cookie = sessionCookie(confirmed);
    // Under the name they gave, not the one the attacker chose.
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).toMatchObject({
      email: VICTIM,
      name: 'Victor',
    });

    // The attacker's password does not open the account; the victim's does.
    const attackerSignIn = await mutate(app, 'auth.signIn', { email: VICTIM, password: ATTACKER_PASSWORD });
    expect([attackerSignIn.status, attackerSignIn.appCode]).toEqual([401, 'INVALID_CREDENTIALS']);
    const victimSignIn = await mutate(app, 'auth.signIn', { email: VICTIM, password: VICTIM_PASSWORD });
    expect(victimSignIn.status).toBe(200);
  });

  it('the first link in the inbox (the attacker’s sign-up) works too, with the password the clicker chooses', async () => {
    const app = await buildTestApp();
    await mutate(app, 'auth.signUp', { name: 'Mallory', email: VICTIM, password: ATTACKER_PASSWORD });
    const token = await recordedLinkToken(app, VICTIM, 'verify-email');

    const confirmed = await mutate(app, 'auth.verifyEmail', { token, password: VICTIM_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect((await mutate(app, 'auth.signIn', { email: VICTIM, password: ATTACKER_PASSWORD })).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await mutate(app, 'auth.signIn', { email: VICTIM, password: VICTIM_PASSWORD })).status).toBe(200);
  });

  it('before confirmation, nobody can sign in to the pending account', async () => {
    const app = await buildTestApp();
    await mutate(app, 'auth.signUp', { name: 'Mallory', email: VICTIM, password: ATTACKER_PASSWORD });
    const early = await mutate(app, 'auth.signIn', { email: VICTIM, password: ATTACKER_PASSWORD });
    const unknown = await mutate(app, 'auth.signIn', { email: 'nobody@example.com', password: ATTACKER_PASSWORD });
    // The same answer as an address without an account: a pending account has no password yet.
    expect([early.status, early.appCode]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect(comparableBody(early)).toBe(comparableBody(unknown));
  });

  it('a pending account made with a password before this flow gets the password chosen on the link’s page', async () => {
    const app = await buildTestApp();
    // As the library's own sign-up made accounts before: with the maker's password.
    await app.services.auth.api.signUpEmail({ body: { name: 'Mallory', email: VICTIM, password: ATTACKER_PASSWORD } });
    await mutate(app, 'auth.signUp', { name: 'Victor', email: VICTIM });
    const token = await recordedLinkToken(app, VICTIM, 'verify-email');

    expect((await mutate(app, 'auth.verifyEmail', { token, password: VICTIM_PASSWORD })).status).toBe(200);
    expect((await mutate(app, 'auth.signIn', { email: VICTIM, password: ATTACKER_PASSWORD })).appCode).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await mutate(app, 'auth.signIn', { email: VICTIM, password: VICTIM_PASSWORD })).status).toBe(200);
  });
});
