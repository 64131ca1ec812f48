import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createScriptClient } from '../../../scripts/script-client.ts';
import { buildTestApp, callerAs, createTestCaller } from '../../test/test-app.ts';
import { comparableBody, mutate, PASSWORD, query, signUpVerified, type TrpcAnswer } from '../../test/http-client.ts';
import { AppError } from '../../../shared/errors.ts';
import { createApiKey } from './admin.service.ts';
import { createApiKey as storeApiKey } from '../auth/api-keys.ts';

const ADMIN = 'root@example.com';

/** An app whose first admin is ADMIN (FIRST_ADMIN_EMAIL), with one member. */
async function appWithAdminAndMember() {
  const app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN });
  const admin = await signUpVerified(app, ADMIN);
  const member = await signUpVerified(app, 'member@example.com');
  const memberId = ((await query(app, 'auth.viewer', undefined, { cookie: member })).data as { id: string }).id;
  return { app, admin, member, memberId };
}

describe('roles and permissions', () => {
  it('FIRST_ADMIN_EMAIL makes the first admin; later sign-ups with it do not', async () => {
    const { app, admin } = await appWithAdminAndMember();
    expect((await query(app, 'auth.viewer', undefined, { cookie: admin })).data).toMatchObject({ role: 'admin' });

    // Once an admin exists (here one promoted directly), signing up with it makes a member.
    const later = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN });
    await signUpVerified(later, 'someone@example.com');
    await later.db.user.update({ where: { email: 'someone@example.com' }, data: { role: 'admin' } });
    const latecomer = await signUpVerified(later, ADMIN);
    expect((await query(later, 'auth.viewer', undefined, { cookie: latecomer })).data).toMatchObject({
      email: ADMIN,
      role: 'member',
    });
  });

  it('a member calling an admin procedure gets FORBIDDEN; a signed-out caller UNAUTHENTICATED', async () => {
    const member = await callerAs('member');
    const stranger = await createTestCaller(member.services);
    await expect(member.caller.admin.users.list({})).rejects.toMatchObject({ cause: { code: 'FORBIDDEN' } });
    await expect(stranger.caller.admin.users.list({})).rejects.toMatchObject({ cause: { code: 'UNAUTHENTICATED' } });
    // The same call with the role that holds the permission: the refusal was the role's.
    const admin = await callerAs('admin', member.services);
    const listed = await admin.caller.admin.users.list({});
    const roles = Object.fromEntries(listed.items.map(({ email, role }) => [email, role]));
    expect(roles).toEqual({ [admin.viewer.email]: 'admin', [member.viewer.email]: 'member' });
  });

  it('an admin lists and searches users', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const all = (await query(app, 'admin.users.list', {}, { cookie: admin })).data as { items: { email: string }[] };
    expect(all.items.map((user) => user.email).sort()).toEqual(['member@example.com', ADMIN]);
    const found = (await query(app, 'admin.users.list', { search: 'memb' }, { cookie: admin })).data as {
      items: { email: string }[];
    };
    expect(found.items.map((user) => user.email)).toEqual(['member@example.com']);
  });

  it("an admin changes a member's role, and the member's permissions follow at once", async () => {
    const { app, admin, member, memberId } = await appWithAdminAndMember();
    const before = (await query(app, 'auth.viewer', undefined, { cookie: member })).data as { permissions: string[] };
    expect(before.permissions).not.toContain('read:users:any');

    const changed = await mutate(app, 'admin.users.setRole', { userId: memberId, role: 'admin' }, { cookie: admin });
    expect(changed.status).toBe(200);
    const after = (await query(app, 'auth.viewer', undefined, { cookie: member })).data as { permissions: string[] };
    expect(after.permissions).toContain('read:users:any');
    expect((await query(app, 'admin.users.list', {}, { cookie: member })).status).toBe(200);
  });

  it('refuses an unknown role as a validation error', async () => {
    const { app, admin, memberId } = await appWithAdminAndMember();
    const result = await mutate(app, 'admin.users.setRole', { userId: memberId, role: 'superuser' }, { cookie: admin });
    expect(result.appCode).toBe('VALIDATION_FAILED');
  });

  it('disabling a user ends their sessions at once and refuses their sign-in', async () => {
    const { app, admin, member, memberId } = await appWithAdminAndMember();
    const disabled = await mutate(
      app,
      'admin.users.setDisabled',
      { userId: memberId, disabled: true },
      { cookie: admin },
    );
    expect(disabled.status).toBe(200);
    expect((await query(app, 'auth.sessions.list', undefined, { cookie: member })).appCode).toBe('UNAUTHENTICATED');
    const signIn = await mutate(app, 'auth.signIn', { email: 'member@example.com', password: PASSWORD });
    expect([signIn.status, signIn.appCode]).toEqual([403, 'ACCOUNT_DISABLED']);
    expect(signIn.response.json()).toMatchObject({
      error: { json: { message: 'This account is disabled. Contact an administrator.' } },
    });
    expect(signIn.setCookies).toEqual([]);
    // Only the right password learns it: a wrong one gets the answer any address gets.
    const guess = await mutate(app, 'auth.signIn', { email: 'member@example.com', password: 'wrong password 123' });
    const nobody = await mutate(app, 'auth.signIn', { email: 'nobody@example.com', password: 'wrong password 123' });
    expect([guess.status, guess.appCode]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect(comparableBody(guess)).toBe(comparableBody(nobody));

    await mutate(app, 'admin.users.setDisabled', { userId: memberId, disabled: false }, { cookie: admin });
    expect((await mutate(app, 'auth.signIn', { email: 'member@example.com', password: PASSWORD })).status).toBe(200);
  });

  it("an admin sees and revokes anyone's session", async () => {
    const { app, admin, member } = await appWithAdminAndMember();
    const sessions = (await query(app, 'admin.sessions.list', undefined, { cookie: admin })).data as {
      id: string;
      userEmail: string;
      current: boolean;
    }[];
    expect(sessions.filter((session) => session.current).map((session) => session.userEmail)).toEqual([ADMIN]);
    const target = sessions.find((session) => session.userEmail === 'member@example.com');
    expect((await mutate(app, 'admin.sessions.revoke', { id: target?.id }, { cookie: admin })).status).toBe(200);
    expect((await query(app, 'auth.viewer', undefined, { cookie: member })).data).toBeNull();
  });
});

describe('API keys for internal scripts', () => {
  async function createKey(app: Awaited<ReturnType<typeof buildTestApp>>, admin: string, permissions: string[]) {
    const created = await mutate(
      app,
      'admin.apiKeys.create',
      { name: 'nightly report', permissions, expiresInDays: 30 },
      { cookie: admin },
    );
    expect(created.status).toBe(200);
    return created.data as { id: string; key: string; start: string };
  }

  it('is shown once, stored hashed, and lets a script call what its scope allows, recording its use', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const { id, key, start } = await createKey(app, admin, ['read:system:any']);
    expect(key.startsWith(start)).toBe(true);
    const stored = await app.db.apikey.findUniqueOrThrow({ where: { id } });
    expect(stored.key).not.toContain(key.slice(8));

    const listed = (await query(app, 'admin.apiKeys.list', undefined, { cookie: admin })).data as object[];
    expect(JSON.stringify(listed)).not.toContain(key);

    await app.listen({ host: '127.0.0.1', port: 0 });
    const client = createScriptClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
      apiKey: key,
    });
    expect(await client.system.stats.query()).toMatchObject({ users: 2 });
    const used = await app.db.apikey.findUniqueOrThrow({ where: { id } });
    expect(used.lastRequest).toBeInstanceOf(Date);
  });

  it("never grants more than its scope, even when the owner's role could", async () => {
    const { app, admin } = await appWithAdminAndMember();
    const { key } = await createKey(app, admin, ['read:system:any']);
    const result = await query(app, 'admin.users.list', {}, { authorization: `Bearer ${key}` });
    expect([result.status, result.appCode]).toEqual([403, 'FORBIDDEN']);
  });

  it('a revoked, expired, or disabled-owner key gets UNAUTHENTICATED at once', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const revoked = await createKey(app, admin, ['read:system:any']);
    const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
    expect((await query(app, 'system.stats', undefined, bearer(revoked.key))).status).toBe(200);
    await mutate(app, 'admin.apiKeys.revoke', { id: revoked.id }, { cookie: admin });
    expect((await query(app, 'system.stats', undefined, bearer(revoked.key))).appCode).toBe('UNAUTHENTICATED');

    const expired = await createKey(app, admin, ['read:system:any']);
    await app.db.apikey.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await query(app, 'system.stats', undefined, bearer(expired.key))).appCode).toBe('UNAUTHENTICATED');
  });

  it('stops working when its owner is disabled', async () => {
    const app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN });
    const first = await signUpVerified(app, ADMIN);
    const second = await signUpVerified(app, 'second-admin@example.com');
    const secondId = ((await query(app, 'auth.viewer', undefined, { cookie: second })).data as { id: string }).id;
    await mutate(app, 'admin.users.setRole', { userId: secondId, role: 'admin' }, { cookie: first });
    const { key } = await createKey(app, second, ['read:system:any']);
    await mutate(app, 'admin.users.setDisabled', { userId: secondId, disabled: true }, { cookie: first });
    expect((await query(app, 'system.stats', undefined, { authorization: `Bearer ${key}` })).appCode).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('API keys never grant more than their maker holds', () => {
  const fieldErrorsOf = (result: TrpcAnswer) =>
    result.response.json<{ error: { json: { data: { fieldErrors: Record<string, string[]> | null } } } }>().error.json
      .data.fieldErrors;

  /**
   * A key scoped to `manage:api-keys:any` alone, as one made before keys were barred
   * from managing keys would be: made directly, past the procedure's rules.
   */
  async function keyManagingKeys(app: Awaited<ReturnType<typeof buildTestApp>>, admin: string) {
    const owner = ((await query(app, 'auth.viewer', undefined, { cookie: admin })).data as { id: string }).id;
    const created = await storeApiKey(app.db, {
      userId: owner,
      name: 'key manager',
      permissions: ['manage:api-keys:any'],
      expiresInDays: null,
    });
    return { id: created.id, bearer: { authorization: `Bearer ${created.key}` } };
  }

  it("refuses the issue's attack: a key scoped to managing keys cannot mint a wider one", async () => {
    const { app, admin } = await appWithAdminAndMember();
    const { id, bearer } = await keyManagingKeys(app, admin);

    const minted = await mutate(
      app,
      'admin.apiKeys.create',
      { name: 'wider', permissions: ['read:users:any', 'update:users:any', 'read:mailbox:any'], expiresInDays: 30 },
      bearer,
    );
    expect([minted.status, minted.appCode]).toEqual([403, 'API_KEY_NOT_ALLOWED']);
    expect(minted.response.json()).toMatchObject({
      error: { json: { message: 'API keys cannot manage API keys. Sign in to do this.' } },
    });
    // Nothing was made: the only key is the one that tried.
    expect((await app.db.apikey.findMany({ select: { id: true } })).map((key) => key.id)).toEqual([id]);

    // Nor may it list or revoke keys, its own included.
    expect((await query(app, 'admin.apiKeys.list', undefined, bearer)).appCode).toBe('API_KEY_NOT_ALLOWED');
    expect((await mutate(app, 'admin.apiKeys.revoke', { id }, bearer)).appCode).toBe('API_KEY_NOT_ALLOWED');
    expect(await app.db.apikey.count()).toBe(1);
  });

  it('a key made before the rule holds nothing of managing keys', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const { bearer } = await keyManagingKeys(app, admin);
    const viewer = (await query(app, 'auth.viewer', undefined, bearer)).data as { permissions: string[] };
    expect(viewer.permissions).toEqual([]);
    // Its signed-in owner still holds it.
    const owner = (await query(app, 'auth.viewer', undefined, { cookie: admin })).data as { permissions: string[] };
    expect(owner.permissions).toContain('manage:api-keys:any');
  });

  it('a signed-in admin cannot give a key the power to manage keys', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const refused = await mutate(
      app,
      'admin.apiKeys.create',
      { name: 'key manager', permissions: ['read:system:any', 'manage:api-keys:any'], expiresInDays: 30 },
      { cookie: admin },
    );
    expect([refused.status, refused.appCode]).toEqual([400, 'VALIDATION_FAILED']);
    expect(Object.keys(fieldErrorsOf(refused) ?? {})).toEqual(['permissions']);
    expect(await app.db.apikey.count()).toBe(0);
  });

  it('a person may grant only the permissions their own role holds', async () => {
    const { services, viewer: member } = await callerAs('member');
    const refused = await createApiKey(services, member, {
      name: 'too wide',
      permissions: ['read:sessions:own', 'read:users:any'],
      expiresInDays: null,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((refused as AppError).fieldErrors?.permissions?.join(' ')).toContain('read:users:any');
    expect(await services.db.apikey.count()).toBe(0);

    const allowed = await createApiKey(services, member, {
      name: 'own sessions',
      permissions: ['read:sessions:own'],
      expiresInDays: null,
    });
    expect(allowed.permissions).toEqual(['read:sessions:own']);
  });
});
