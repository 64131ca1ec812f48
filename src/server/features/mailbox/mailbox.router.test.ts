import { describe, expect, it } from 'vitest';
import { emailTemplateNames, emailTemplates, renderFixture } from '../../email/templates/index.ts';
import { mutate, query, signUpVerified } from '../../test/http-client.ts';
import { buildTestApp } from '../../test/test-app.ts';

interface Page {
  items: { id: string; recipient: string; template: string; status: string; subject: string }[];
  nextCursor: string | null;
}

describe('mailbox', () => {
  it('lists queued e-mails newest first, filtered by address, template and status, and pages through them', async () => {
    const app = await buildTestApp();
    for (const name of ['ada', 'grace', 'alan']) {
      await mutate(app, 'auth.signUp', { name, email: `${name}@example.com` });
    }
    await mutate(app, 'auth.requestPasswordReset', { email: 'ada@example.com' });
    // The reset e-mail is queued after the answer.
    await app.services.background.settled();

    const all = (await query(app, 'mailbox.messages', {})).data as Page;
    expect(all.items.map(({ recipient }) => recipient)).toEqual([
      'ada@example.com',
      'alan@example.com',
      'grace@example.com',
      'ada@example.com',
    ]);
    const ada = (await query(app, 'mailbox.messages', { recipient: 'ADA@' })).data as Page;
    expect(ada.items.map(({ template }) => template)).toEqual(['reset-password', 'verify-email']);
    const resets = (await query(app, 'mailbox.messages', { template: 'reset-password' })).data as Page;
    expect(resets.items).toHaveLength(1);

    const first = (await query(app, 'mailbox.messages', { limit: 3 })).data as Page;
    expect(first.items).toHaveLength(3);
    const rest = (await query(app, 'mailbox.messages', { limit: 3, cursor: first.nextCursor })).data as Page;
    expect(rest).toMatchObject({
      items: [{ recipient: 'ada@example.com', template: 'verify-email' }],
      nextCursor: null,
    });

    await app.outbox.deliverDue();
    const sent = (await query(app, 'mailbox.messages', { status: 'sent' })).data as Page;
    expect(sent.items).toHaveLength(4);
    // The test server keeps e-mail with the log transport: the mailbox can say "kept", not "sent".
    expect(sent.items.map((item) => (item as { transport?: string }).transport)).toEqual(['log', 'log', 'log', 'log']);
  });

  it('shows one message as rendered, HTML and text', async () => {
    const app = await buildTestApp();
    await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com' });
    const [summary] = ((await query(app, 'mailbox.messages', {})).data as Page).items;
    const message = (await query(app, 'mailbox.message', { id: summary?.id })).data as Record<string, string>;
    expect(message.subject).toBe(summary?.subject);
    expect(message.html).toContain('/verify-email?token=');
    expect(message.text).toContain('/verify-email?token=');
    expect(message.transport).toBe('log');
    expect(message.messageId).toMatch(/^<[0-9a-f]{40}@localhost>$/);

    const missing = await query(app, 'mailbox.message', { id: 'no-such-id' });
    expect([missing.status, missing.appCode]).toEqual([404, 'NOT_FOUND']);
  });

  it('tells the mailbox which transport delivers, so e-mail the log only kept is not called sent', async () => {
    const app = await buildTestApp({
      EMAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: 9,
      EMAIL_FROM: 'app@example.com',
    });
    await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com' });
    const [summary] = ((await query(app, 'mailbox.messages', {})).data as Page).items;
    expect(summary).toMatchObject({ transport: 'smtp' });
  });

  it('renders every template of the gallery with its fixture data', async () => {
    const app = await buildTestApp();
    const templates = (await query(app, 'mailbox.templates')).data as { name: string; description: string }[];
    expect(templates).toEqual(
      emailTemplateNames.map((name) => ({ name, description: emailTemplates[name].description })),
    );
    for (const name of emailTemplateNames) {
      const preview = (await query(app, 'mailbox.preview', { name })).data;
      expect(preview).toEqual({ name, ...(await renderFixture(name)) });
    }
    const unknown = await query(app, 'mailbox.preview', { name: 'toString' });
    expect([unknown.status, unknown.appCode]).toEqual([404, 'NOT_FOUND']);
  });

  it('is for admins only with MAILBOX=admins (the production default)', async () => {
    const app = await buildTestApp({ MAILBOX: 'admins', FIRST_ADMIN_EMAIL: 'admin@example.com' });
    const admin = await signUpVerified(app, 'admin@example.com');
    const member = await signUpVerified(app, 'member@example.com');
    expect((await query(app, 'mailbox.messages', {})).appCode).toBe('UNAUTHENTICATED');
    expect((await query(app, 'mailbox.messages', {}, { cookie: member })).appCode).toBe('FORBIDDEN');
    const seen = await query(app, 'mailbox.messages', {}, { cookie: admin });
    expect(seen.status).toBe(200);
    expect((seen.data as Page).items.length).toBeGreaterThanOrEqual(2);
  });

  it('does not exist for anyone with MAILBOX=off', async () => {
    const app = await buildTestApp({ MAILBOX: 'off', FIRST_ADMIN_EMAIL: 'admin@example.com' });
    const admin = await signUpVerified(app, 'admin@example.com');
    for (const path of ['mailbox.messages', 'mailbox.templates']) {
      const answer = await query(app, path, path === 'mailbox.messages' ? {} : undefined, { cookie: admin });
      expect([answer.status, answer.appCode]).toEqual([404, 'NOT_FOUND']);
    }
  });
});
