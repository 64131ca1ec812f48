import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import SuperJSON from 'superjson';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.ts';
import { mutate, query, signUpVerified } from '../test/http-client.ts';
import { inputHashOf } from './idempotent-call.ts';

const ADMIN = 'root@example.com';

/** An app with its first admin and one member; the admin's session cookie and id, the member's id. */
async function appWithAdminAndMember(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const app = await buildTestApp({ FIRST_ADMIN_EMAIL: ADMIN, ...overrides });
  const admin = await signUpVerified(app, ADMIN);
  const member = await signUpVerified(app, 'member@example.com');
  const idOf = async (cookie: string) =>
    ((await query(app, 'auth.viewer', undefined, { cookie })).data as { id: string }).id;
  return { app, admin, adminId: await idOf(admin), memberId: await idOf(member) };
}

const newKey = { name: 'nightly report', permissions: ['read:system:any'], expiresInDays: 30 };

/** A batch of mutations as tRPC's batch link sends it: `?batch=1`, inputs by index. */
async function mutateBatch(app: FastifyInstance, paths: string[], inputs: unknown[], headers: Record<string, string>) {
  const body = Object.fromEntries(inputs.map((input, index) => [index, SuperJSON.serialize(input)]));
  const response = await app.inject({
    method: 'POST',
    url: `/trpc/${paths.join(',')}?batch=1`,
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<unknown[] | { error: unknown }>() };
}

describe('Idempotency-Key', () => {
  it('20 concurrent duplicates with one key run the handler once, and all get the same answer', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        mutate(app, 'admin.apiKeys.create', newKey, { cookie: admin, headers: { 'idempotency-key': key } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    // One key made: each answer carries the same key, secret included (shown once, to whoever asked once).
    expect(await app.db.apikey.count()).toBe(1);
    const made = answers.map((answer) => JSON.stringify(answer.data));
    expect(new Set(made).size).toBe(1);
    // One run, one audit row.
    expect(await app.db.auditEvent.count({ where: { procedure: 'admin.apiKeys.create' } })).toBe(1);
  });

  it('the same key with another input is refused (422), and runs nothing', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const headers = { 'idempotency-key': randomUUID() };
    expect((await mutate(app, 'admin.apiKeys.create', newKey, { cookie: admin, headers })).status).toBe(200);
    const reused = await mutate(app, 'admin.apiKeys.create', { ...newKey, name: 'other' }, { cookie: admin, headers });
    expect([reused.status, reused.appCode]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    // Another procedure with the same key is another input too.
    const elsewhere = await mutate(app, 'admin.sessions.revoke', { id: 'x' }, { cookie: admin, headers });
    expect([elsewhere.status, elsewhere.appCode]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await app.db.apikey.count()).toBe(1);
  });

  it('stores an error as the answer: a repeat gets it again without running', async () => {
    const { app, admin, adminId } = await appWithAdminAndMember();
    const headers = { 'idempotency-key': randomUUID() };
    const ownRole = { userId: adminId, role: 'member' };
    const first = await mutate(app, 'admin.users.setRole', ownRole, { cookie: admin, headers });
    const again = await mutate(app, 'admin.users.setRole', ownRole, { cookie: admin, headers });
    expect([first.status, first.appCode]).toEqual([409, 'CONFLICT']);
    expect([again.status, again.appCode]).toEqual([409, 'CONFLICT']);
    expect(await app.db.auditEvent.count({ where: { procedure: 'admin.users.setRole' } })).toBe(1);
  });

  it('a key is the caller’s own: another credential with the same key runs on its own', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const second = await signUpVerified(app, 'second@example.com');
    await app.db.user.update({ where: { email: 'second@example.com' }, data: { role: 'admin' } });
    const headers = { 'idempotency-key': 'shared-key-1' };
    const mine = await mutate(app, 'admin.apiKeys.create', newKey, { cookie: admin, headers });
    const theirs = await mutate(app, 'admin.apiKeys.create', newKey, { cookie: second, headers });
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect((mine.data as { id: string }).id).not.toBe((theirs.data as { id: string }).id);
    expect(await app.db.apikey.count()).toBe(2);
  });

  it('while the first call still runs, a repeat waits IDEMPOTENCY_WAIT_MS, then gets 409; a dead claim is taken over', async () => {
    const { app, admin, adminId } = await appWithAdminAndMember({ IDEMPOTENCY_WAIT_MS: 0 });
    const key = randomUUID();
    const now = Date.now();
    // A claim another instance holds and is still running.
    const claim = {
      scope: `user:${adminId}`,
      key,
      inputHash: inputHashOf('admin.apiKeys.create', newKey),
      state: 'running',
      expiresAt: new Date(now + 60_000),
    };
    await app.db.idempotencyRecord.create({
      data: { id: randomUUID(), ...claim, leaseUntil: new Date(now + 60_000) },
    });
    const busy = await mutate(app, 'admin.apiKeys.create', newKey, {
      cookie: admin,
      headers: { 'idempotency-key': key },
    });
    expect([busy.status, busy.appCode]).toEqual([409, 'IDEMPOTENCY_KEY_IN_USE']);
    expect(await app.db.apikey.count()).toBe(0);

    // Its instance died: after the lease, the repeat runs it, once.
    await app.db.idempotencyRecord.updateMany({ where: { key }, data: { leaseUntil: new Date(now - 1) } });
    const taken = await mutate(app, 'admin.apiKeys.create', newKey, {
      cookie: admin,
      headers: { 'idempotency-key': key },
    });
    expect(taken.status).toBe(200);
    const replayed = await mutate(app, 'admin.apiKeys.create', newKey, {
      cookie: admin,
      headers: { 'idempotency-key': key },
    });
    expect(replayed.data).toEqual(taken.data);
    expect(await app.db.apikey.count()).toBe(1);
  });

  it('an expired key is a new key', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const headers = { 'idempotency-key': randomUUID() };
    await mutate(app, 'admin.apiKeys.create', newKey, { cookie: admin, headers });
    await app.db.idempotencyRecord.updateMany({ data: { expiresAt: new Date(Date.now() - 1) } });
    const later = await mutate(app, 'admin.apiKeys.create', { ...newKey, name: 'later' }, { cookie: admin, headers });
    expect(later.status).toBe(200);
    expect(await app.db.apikey.count()).toBe(2);
  });

  it('a batch carries a key per call (Idempotency-Keys); a lone Idempotency-Key on a longer batch is refused', async () => {
    const { app, admin } = await appWithAdminAndMember();
    const paths = ['admin.apiKeys.create', 'admin.apiKeys.create', 'admin.apiKeys.create'];
    const inputs = [newKey, { ...newKey, name: 'second' }, { ...newKey, name: 'third' }];
    const keys = { cookie: admin, 'idempotency-keys': `"${randomUUID()}", "", "${randomUUID()}"` };
    const first = await mutateBatch(app, paths, inputs, keys);
    const again = await mutateBatch(app, paths, inputs, keys);
    expect([first.status, again.status]).toEqual([200, 200]);
    const ids = (body: unknown) =>
      (body as { result: { data: { json: { id: string } } } }[]).map((call) => call.result.data.json.id);
    // The keyed calls answered as before; the unkeyed one ran again.
    const [a, b, c] = ids(first.body);
    const [a2, b2, c2] = ids(again.body);
    expect([a2, c2]).toEqual([a, c]);
    expect(b2).not.toBe(b);
    expect(await app.db.apikey.count()).toBe(4);

    const ambiguous = await mutateBatch(app, paths.slice(0, 2), inputs.slice(0, 2), {
      cookie: admin,
      'idempotency-key': randomUUID(),
    });
    expect(ambiguous.status).toBe(400);
    const malformed = await mutate(app, 'admin.apiKeys.create', newKey, {
      cookie: admin,
      headers: { 'idempotency-key': 'two words' },
    });
    expect([malformed.status, malformed.appCode]).toEqual([400, 'BAD_REQUEST']);
    expect(await app.db.apikey.count()).toBe(4);
  });
});
