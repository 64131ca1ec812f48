import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.ts';
import { mutate, PASSWORD, query, signUpVerified } from '../test/http-client.ts';
import { REDACTED } from './redaction.ts';

const ADMIN = 'root@example.com';

async function appWithAdminAndMember() {
  const app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN });
  const admin = await signUpVerified(app, ADMIN, 'Root');
  const member = await signUpVerified(app, 'member@example.com', 'Member');
  const idOf = async (cookie: string) =>
    ((await query(app, 'auth.viewer', undefined, { cookie })).data as { id: string }).id;
  return { app, admin, member, adminId: await idOf(admin), memberId: await idOf(member) };
}

type Row = Record<string, unknown> & { payload: string | null };

describe('the audit trail', () => {
  it('records a browser mutation: the person, the procedure, the target, the outcome and the request', async () => {
    const { app, admin, adminId, memberId } = await appWithAdminAndMember();
    const changed = await mutate(app, 'admin.users.setRole', { userId: memberId, role: 'admin' }, { cookie: admin });
    expect(changed.status).toBe(200);
    const row = await app.db.auditEvent.findFirstOrThrow({ where: { procedure: 'admin.users.setRole' } });
    expect(row).toMatchObject({
      actorKind: 'user',
      actorId: adminId,
      actorUserId: adminId,
      actorName: 'Root',
      actorEmail: ADMIN,
      targetType: 'user',
      targetId: memberId,
      outcome: 'ok',
      requestId: changed.response.headers['x-request-id'],
    });
    expect(JSON.parse(row.payload ?? '')).toEqual({ userId: memberId, role: 'admin' });
  });

  it('records an API key’s mutation as the key, on behalf of its owner', async () => {
    const { app, admin, adminId, memberId } = await appWithAdminAndMember();
    const made = await mutate(
      app,
      'admin.apiKeys.create',
      { name: 'role sync', permissions: ['update:users:any'], expiresInDays: null },
      { cookie: admin },
    );
    const key = made.data as { id: string; key: string };
    const changed = await mutate(
      app,
      'admin.users.setDisabled',
      { userId: memberId, disabled: true },
      { authorization: `Bearer ${key.key}` },
    );
    expect(changed.status).toBe(200);
    const row = await app.db.auditEvent.findFirstOrThrow({ where: { procedure: 'admin.users.setDisabled' } });
    expect(row).toMatchObject({
      actorKind: 'api-key',
      actorId: key.id,
      actorUserId: adminId,
      actorName: 'role sync',
      actorEmail: ADMIN,
      targetType: 'user',
      targetId: memberId,
      outcome: 'ok',
    });
    // The key's own creation is audited with its target, and its secret (in the answer only) is nowhere.
    const creation = await app.db.auditEvent.findFirstOrThrow({ where: { procedure: 'admin.apiKeys.create' } });
    expect(creation).toMatchObject({ targetType: 'api-key', targetId: key.id });
    const everything = JSON.stringify(await app.db.auditEvent.findMany());
    expect(everything).not.toContain(key.key);
  });

  it('keeps secrets and declared personal fields out of the payload', async () => {
    const { app, member } = await appWithAdminAndMember();
    const changed = await mutate(
      app,
      'auth.changePassword',
      { currentPassword: PASSWORD, newPassword: 'another long passphrase' },
      { cookie: member },
    );
    expect(changed.status, JSON.stringify(changed.response.json())).toBe(200);
    const rows: Row[] = await app.db.auditEvent.findMany();
    const texts = JSON.stringify(rows);
    for (const secret of [PASSWORD, 'another long passphrase']) expect(texts).not.toContain(secret);
    const change = rows.find((row) => row.procedure === 'auth.changePassword');
    expect(JSON.parse(change?.payload ?? '')).toMatchObject({ currentPassword: REDACTED, newPassword: REDACTED });
    // Sign-up and the e-mailed link: nobody signed in yet, the address and name kept out, the token too.
    const signUp = rows.find((row) => row.procedure === 'auth.signUp');
    expect(signUp).toMatchObject({ actorKind: 'anonymous', outcome: 'ok' });
    expect(JSON.parse(signUp?.payload ?? '')).toMatchObject({ email: REDACTED, name: REDACTED });
    expect(texts).not.toContain('member@example.com"}');
    const verify = rows.find((row) => row.procedure === 'auth.verifyEmail');
    expect(JSON.parse(verify?.payload ?? '')).toEqual({ token: REDACTED, password: REDACTED });
  });

  it('records a refused change as failed, and keeps the actor after the user is deleted', async () => {
    const { app, admin, adminId, memberId } = await appWithAdminAndMember();
    const own = await mutate(app, 'admin.users.setRole', { userId: adminId, role: 'member' }, { cookie: admin });
    expect(own.appCode).toBe('CONFLICT');
    await mutate(app, 'admin.users.setRole', { userId: memberId, role: 'admin' }, { cookie: admin });
    await app.db.user.delete({ where: { id: adminId } });
    const rows = await app.db.auditEvent.findMany({
      where: { procedure: 'admin.users.setRole' },
      orderBy: { at: 'asc' },
    });
    expect(rows.map((row) => [row.outcome, row.targetId, row.actorId, row.actorEmail])).toEqual([
      ['CONFLICT', adminId, adminId, ADMIN],
      ['ok', memberId, adminId, ADMIN],
    ]);
  });

  it('is read by admins only, filtered by actor, procedure, target and time, a page at a time', async () => {
    const { app, admin, member, adminId, memberId } = await appWithAdminAndMember();
    for (const role of ['admin', 'admin', 'member'] as const) {
      await mutate(app, 'admin.users.setRole', { userId: memberId, role }, { cookie: admin });
    }
    const list = async (input: object, cookie = admin) => query(app, 'admin.audit.list', input, { cookie });
    expect((await list({}, member)).appCode).toBe('FORBIDDEN');

    interface Page {
      items: { procedure: string; targetId: string | null; at: Date }[];
      nextCursor: string | null;
    }
    const byProcedure = (await list({ procedure: 'admin.users.setRole', limit: 2 })).data as Page;
    expect(byProcedure.items).toHaveLength(2);
    const rest = (await list({ procedure: 'admin.users.setRole', limit: 2, cursor: byProcedure.nextCursor }))
      .data as Page;
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    const times = [...byProcedure.items, ...rest.items].map((item) => item.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const byActor = (await list({ actor: adminId })).data as Page;
    expect(new Set(byActor.items.map((item) => item.procedure))).toEqual(new Set(['admin.users.setRole']));
    const byEmail = (await list({ actor: ADMIN })).data as Page;
    expect(byEmail.items).toHaveLength(3);
    const byTarget = (await list({ targetType: 'user', targetId: memberId })).data as Page;
    expect(byTarget.items).toHaveLength(3);
    const future = (await list({ from: new Date(Date.now() + 60_000) })).data as Page;
    expect(future.items).toEqual([]);
    const past = (await list({ to: new Date(Date.now() + 60_000), procedure: 'auth.verifyEmail' })).data as Page;
    expect(past.items).toHaveLength(2);
  });

  it('writes nothing for a query', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const before = await app.db.auditEvent.count();
    await query(app, 'admin.users.list', {}, { cookie: admin });
    await query(app, 'auth.viewer', undefined, { cookie: admin });
    expect(await app.db.auditEvent.count()).toBe(before);
  });
});
