import { describe, expect, it } from 'vitest';
import { mutate, PASSWORD, query } from '../../test/http-client.ts';
import { buildTestApp } from '../../test/test-app.ts';

describe('dev.latestEmail', () => {
  it('shows the newest recorded e-mail to an address when DEV_MAILBOX is on', async () => {
    const app = await buildTestApp({ DEV_MAILBOX: true });
    await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    const latest = await query(app, 'dev.latestEmail', { to: 'ada@example.com', template: 'verify-email' });
    const message = latest.data as { template: string; url: string };
    expect(message.template).toBe('verify-email');
    expect(message.url).toContain('/verify-email?token=');
  });

  it('is NOT_FOUND when DEV_MAILBOX is off', async () => {
    const app = await buildTestApp();
    await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    const latest = await query(app, 'dev.latestEmail', { to: 'ada@example.com' });
    expect([latest.status, latest.appCode]).toEqual([404, 'NOT_FOUND']);
  });
});
