import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../server/paths.ts';
import { mutate, PASSWORD, query, sessionCookie, signUpVerified } from '../server/test/http-client.ts';
import { buildTestApp, testDatabaseUrl } from '../server/test/test-app.ts';

async function createAdmin(databaseUrl: string, email: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/scripts/create-admin.ts', email],
    { cwd: appRoot, env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl } },
  );
  return stdout;
}

describe('npm run user:create-admin', () => {
  it('creates an admin with no usable password, whose reset link sets one', async () => {
    const databaseUrl = await testDatabaseUrl();
    const output = await createAdmin(databaseUrl, 'boss@example.com');
    const link = /http\S+reset-password\?token=\S+/.exec(output)?.[0];
    expect(link).toBeDefined();

    const app = await buildTestApp({ DATABASE_URL: databaseUrl });
    const token = new URL(link ?? '').searchParams.get('token');
    expect((await mutate(app, 'auth.resetPassword', { token, password: PASSWORD })).status).toBe(200);
    const cookie = sessionCookie(await mutate(app, 'auth.signIn', { email: 'boss@example.com', password: PASSWORD }));
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).toMatchObject({ role: 'admin' });
  });

  it('promotes and confirms an account whose sign-up never finished, and prints the link that sets its password', async () => {
    const databaseUrl = await testDatabaseUrl();
    const app = await buildTestApp({ DATABASE_URL: databaseUrl });
    const email = 'stuck@example.com';
    // Signed up, but the link's page (where the password is chosen) was never opened.
    expect((await mutate(app, 'auth.signUp', { name: 'Stuck', email })).status).toBe(200);

    const output = await createAdmin(databaseUrl, email);
    expect(output).toContain('is now an administrator');
    const link = /http\S+reset-password\?token=\S+/.exec(output)?.[0];
    expect(link, output).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token');
    expect((await mutate(app, 'auth.resetPassword', { token, password: PASSWORD })).status).toBe(200);
    const cookie = sessionCookie(await mutate(app, 'auth.signIn', { email, password: PASSWORD }));
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).toMatchObject({ role: 'admin' });
  });

  it('promotes an existing account', async () => {
    const databaseUrl = await testDatabaseUrl();
    const app = await buildTestApp({ DATABASE_URL: databaseUrl });
    const cookie = await signUpVerified(app, 'existing@example.com');
    expect(await createAdmin(databaseUrl, 'existing@example.com')).toContain('is now an administrator');
    expect((await query(app, 'auth.viewer', undefined, { cookie })).data).toMatchObject({ role: 'admin' });
  });
});
