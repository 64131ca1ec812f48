import { describe, expect, it } from 'vitest';
import { mutate, PASSWORD, query, sessionCookie } from './test/http-client.ts';
import { buildTestApp } from './test/test-app.ts';

describe('logs', () => {
  it('never contain cookies, authorization headers, passwords, tokens or keys, even at trace level', async () => {
    const lines: string[] = [];
    const app = await buildTestApp(
      { LOG_LEVEL: 'trace', FIRST_ADMIN_EMAIL: 'ada@example.com' },
      { client: 'none', logStream: { write: (line) => lines.push(line) } },
    );
    // The app logs objects that carry secrets, as a careless log call would.
    app.log.info({
      req: { headers: { cookie: 'app.session_token=secret-cookie', authorization: 'Bearer rpc_secret' } },
    });
    app.log.info({ input: { password: 'secret-password', token: 'secret-token', key: 'rpc_secret-key' } });

    await mutate(app, 'auth.signUp', { name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    const row = await app.services.db.emailOutbox.findFirstOrThrow({ where: { recipient: 'ada@example.com' } });
    const token =
      new URL(/https?:\/\/\S+verify-email\S+/.exec(row.text)?.[0] ?? 'http://x').searchParams.get('token') ?? '';
    const verified = await mutate(app, 'auth.verifyEmail', { token });
    const cookie = sessionCookie(verified);
    const created = await mutate(
      app,
      'admin.apiKeys.create',
      { name: 'ci', permissions: ['read:system:any'], expiresInDays: null },
      { cookie },
    );
    const key = (created.data as { key: string }).key;
    await query(app, 'system.stats', undefined, { authorization: `Bearer ${key}` });
    await mutate(app, 'auth.signIn', { email: 'ada@example.com', password: 'a wrong password here' });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [
      'secret-cookie',
      'rpc_secret',
      'secret-password',
      'secret-token',
      PASSWORD,
      'a wrong password here',
      token,
      cookie.split('=')[1] ?? 'x',
      key,
    ]) {
      expect(log, `the log shows "${secret.slice(0, 12)}…"`).not.toContain(secret);
    }
    expect(log).toContain('[redacted]');
  });
});
