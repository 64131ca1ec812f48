import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../shared/errors.ts';
import type { Viewer } from '../features/auth/viewer.ts';
import { inTransaction } from '../db/transaction.ts';
import { newUser } from '../test/new-user.ts';
import { createTestServices, testEngine } from '../test/test-app.ts';
import { createInnerContext, type AppServices } from '../trpc/context.ts';
import { createCallerFactory } from '../trpc/init.ts';
import { defineMutation, router } from '../trpc/procedure.ts';
import { pruneAuditTrail, runAudited } from './audit-trail.ts';
import { REDACTED } from './redaction.ts';

const log = pino({ level: 'silent' });
let services: AppServices;
beforeAll(async () => {
  services = await createTestServices();
});

const ada: Viewer = {
  userId: 'u-ada',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'admin',
  via: 'session',
  sessionId: 's1',
  scope: null,
  apiKey: null,
};

/** A mutation that writes a user in its transaction, then fails when asked to. */
const things = router({
  addUser: defineMutation({
    summary: 'Adds a user, then fails if told to.',
    access: 'signed-in',
    input: z.object({ email: z.email(), fail: z.boolean(), secret: z.string().max(20) }),
    output: z.object({ id: z.string() }),
    errors: ['CONFLICT'],
    audit: { target: { entity: 'user', id: ({ output }) => output?.id }, redact: ['email'] },
    handler: ({ ctx, input }) =>
      inTransaction(ctx.db, async (tx) => {
        const user = await tx.user.create({ data: { id: randomUUID(), name: 'Made', email: input.email } });
        if (input.fail) throw new AppError('CONFLICT', { message: 'Told to fail.' });
        return { id: user.id };
      }),
  }),
});

function caller(requestId = `req-${randomUUID()}`, on: AppServices = services) {
  const context = createInnerContext(on, requestId, log);
  return createCallerFactory(things)({ ...context, credentials: async () => ({ kind: 'valid', viewer: ada }) });
}

/**
 * Handlers whose transactions and answers differ, to follow where the row goes: it
 * commits with the change (decision 0042), and says what the call finally did.
 */
let gate: Promise<void> = Promise.resolve();
const shapes = router({
  change: defineMutation({
    summary: 'Adds a user in a transaction, in one of several shapes.',
    access: 'signed-in',
    input: z.object({ shape: z.enum(['then-wait', 'then-fail', 'other-answer', 'retried']) }),
    output: z.object({ id: z.string() }),
    errors: ['CONFLICT'],
    audit: { target: { entity: 'user', id: ({ output }) => output?.id } },
    handler: async ({ ctx, input }) => {
      const add = () => inTransaction(ctx.db, (tx) => tx.user.create({ data: newUser(), select: { id: true } }));
      if (input.shape === 'retried') {
        await inTransaction(ctx.db, () => Promise.reject(new Error('rolled back'))).catch(() => undefined);
        return add();
      }
      if (input.shape === 'other-answer') {
        const made = await inTransaction(ctx.db, async (tx) => ({ made: await tx.user.create({ data: newUser() }) }));
        return { id: made.made.id };
      }
      const user = await add();
      if (input.shape === 'then-fail') throw new AppError('CONFLICT', { message: 'After the commit.' });
      await gate;
      return user;
    },
  }),
});

function shapesCaller(requestId: string, on: AppServices = services) {
  const context = createInnerContext(on, requestId, log);
  return createCallerFactory(shapes)({ ...context, credentials: async () => ({ kind: 'valid', viewer: ada }) });
}

const rowsOf = (requestId: string, on: AppServices = services) => on.db.auditEvent.findMany({ where: { requestId } });

describe('an audited mutation', () => {
  it('that fails is audited as failed, and its rolled-back effects are gone', async () => {
    const email = `${randomUUID()}@example.com`;
    await expect(caller().addUser({ email, fail: true, secret: 'hunter2' })).rejects.toMatchObject({
      cause: { code: 'CONFLICT' },
    });
    expect(await services.db.user.count({ where: { email } })).toBe(0);
    const row = await services.db.auditEvent.findFirstOrThrow({
      where: { procedure: 'addUser', outcome: 'CONFLICT' },
    });
    expect(row).toMatchObject({ actorKind: 'user', actorId: 'u-ada', targetType: 'user', targetId: null });
    expect(JSON.parse(row.payload ?? '')).toEqual({ email: REDACTED, fail: true, secret: REDACTED });
  });

  it('that succeeds names the record it made', async () => {
    const email = `${randomUUID()}@example.com`;
    const { id } = await caller().addUser({ email, fail: false, secret: 'x' });
    const row = await services.db.auditEvent.findFirstOrThrow({ where: { procedure: 'addUser', targetId: id } });
    expect(row.outcome).toBe('ok');
  });
});

describe('an audited mutation’s row commits with its change', () => {
  it('is there as soon as the change commits, before the call answers', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const requestId = `req-${randomUUID()}`;
    const call = shapesCaller(requestId).change({ shape: 'then-wait' });
    await expect.poll(() => rowsOf(requestId).then((rows) => rows.length)).toBe(1);
    const [row] = await rowsOf(requestId);
    expect(await services.db.user.count({ where: { id: row?.targetId ?? '' } })).toBe(1);
    open();
    const { id } = await call;
    expect(await rowsOf(requestId)).toEqual([
      expect.objectContaining({ outcome: 'ok', targetType: 'user', targetId: id }),
    ]);
  });

  it('that fails after its change committed: one row, the failure’s code, naming the record changed', async () => {
    const requestId = `req-${randomUUID()}`;
    await expect(shapesCaller(requestId).change({ shape: 'then-fail' })).rejects.toMatchObject({
      cause: { code: 'CONFLICT' },
    });
    const rows = await rowsOf(requestId);
    expect(rows).toEqual([expect.objectContaining({ outcome: 'CONFLICT', targetType: 'user' })]);
    expect(await services.db.user.count({ where: { id: rows[0]?.targetId ?? '' } })).toBe(1);
  });

  it('names the answer’s target when the transaction’s result was not the answer', async () => {
    const requestId = `req-${randomUUID()}`;
    const { id } = await shapesCaller(requestId).change({ shape: 'other-answer' });
    expect(await rowsOf(requestId)).toEqual([expect.objectContaining({ outcome: 'ok', targetId: id })]);
  });

  it('is written once, with the transaction that commits, after one that rolled back', async () => {
    const requestId = `req-${randomUUID()}`;
    const { id } = await shapesCaller(requestId).change({ shape: 'retried' });
    expect(await rowsOf(requestId)).toEqual([expect.objectContaining({ outcome: 'ok', targetId: id })]);
  });

  it('is not written into another database’s transaction the work opens', async () => {
    const other = await createTestServices();
    const procedure = `system:${randomUUID()}`;
    await runAudited({ db: services.db, log }, { actor: { kind: 'system', name: 'copy' }, procedure }, () =>
      inTransaction(other.db, (tx) => tx.user.create({ data: newUser() })),
    );
    expect(await services.db.auditEvent.count({ where: { procedure } })).toBe(1);
    expect(await other.db.auditEvent.count({ where: { procedure } })).toBe(0);
  });

  describe('on a database where the audit row cannot be written', () => {
    let broken: AppServices;
    beforeAll(async () => {
      broken = await createTestServices();
      await broken.db.$executeRaw`ALTER TABLE "AuditEvent" RENAME TO "AuditEventGone"`;
    });

    it('refuses the change: none commits without its row', async () => {
      const email = `${randomUUID()}@example.com`;
      await expect(
        caller(`req-${randomUUID()}`, broken).addUser({ email, fail: false, secret: 'x' }),
      ).rejects.toThrow();
      expect(await broken.db.user.count({ where: { email } })).toBe(0);
    });
  });
});

describe('runAudited: work outside a request', () => {
  it('audits a job’s unit of work as the job, with secrets redacted', async () => {
    const done = await runAudited(
      { db: services.db, log },
      {
        actor: { kind: 'job', name: 'nightly-export' },
        procedure: 'job:nightly-export',
        input: { destination: 's3://bucket', token: 'abc123' },
        target: (result) => ({ entity: 'export', id: result?.exportId ?? null }),
      },
      () => ({ exportId: 'e-1' }),
    );
    expect(done).toEqual({ exportId: 'e-1' });
    const row = await services.db.auditEvent.findFirstOrThrow({ where: { procedure: 'job:nightly-export' } });
    expect(row).toMatchObject({
      actorKind: 'job',
      actorId: 'nightly-export',
      actorName: 'nightly-export',
      targetType: 'export',
      targetId: 'e-1',
      outcome: 'ok',
    });
    expect(JSON.parse(row.payload ?? '')).toEqual({ destination: 's3://bucket', token: REDACTED });
  });

  it('leaves declared bait fields out at any depth, and still redacts what is declared personal', async () => {
    await runAudited(
      { db: services.db, log },
      {
        actor: { kind: 'system', name: 'import' },
        procedure: 'system:bait',
        input: { website: 'x', rows: [{ email: 'a@example.com', website: '' }], apiKey: 'k' },
        redact: ['email'],
        drop: ['website'],
      },
      () => undefined,
    );
    const row = await services.db.auditEvent.findFirstOrThrow({ where: { procedure: 'system:bait' } });
    expect(JSON.parse(row.payload ?? '')).toEqual({ rows: [{ email: REDACTED }], apiKey: REDACTED });
  });

  it('audits the system’s failed work as failed, and re-throws', async () => {
    await expect(
      runAudited(
        { db: services.db, log },
        { actor: { kind: 'system', name: 'create-admin' }, procedure: 'system:boom' },
        () => {
          throw new Error('disk on fire');
        },
      ),
    ).rejects.toThrow('disk on fire');
    const row = await services.db.auditEvent.findFirstOrThrow({ where: { procedure: 'system:boom' } });
    expect(row).toMatchObject({ actorKind: 'system', outcome: 'INTERNAL' });
  });

  it('stores its time as Prisma stores one, so filters and order by time hold beside Prisma’s rows', async () => {
    const procedure = `system:${randomUUID()}`;
    const made = (at: Date) =>
      services.db.auditEvent.create({ data: { id: randomUUID(), at, actorKind: 'system', procedure, outcome: 'ok' } });
    const before = new Date(Date.now() - 1000);
    await made(before);
    await runAudited({ db: services.db, log }, { actor: { kind: 'system', name: 'clock' }, procedure }, () => 'done');
    const after = new Date(Date.now() + 1000);
    await made(after);
    const inOrder = await services.db.auditEvent.findMany({ where: { procedure }, orderBy: { at: 'asc' } });
    expect(inOrder.map((row) => row.actorName)).toEqual([null, 'clock', null]);
    const between = await services.db.auditEvent.findMany({
      where: { procedure, at: { gt: before, lt: after } },
    });
    expect(between.map((row) => row.actorName)).toEqual(['clock']);
    if (testEngine() === 'sqlite') {
      // The raw insert leaves the encoding to Prisma's adapter: the same storage class and shape.
      const stored = await services.db.$queryRaw<{ kind: string; at: string }[]>`
        SELECT typeof("at") AS kind, CAST("at" AS TEXT) AS at FROM "AuditEvent" WHERE "procedure" = ${procedure} ORDER BY "at"`;
      expect(new Set(stored.map((row) => row.kind)).size).toBe(1);
      expect(new Set(stored.map((row) => row.at.replace(/\d/g, '9'))).size).toBe(1);
    }
  });

  it('records an input holding an invalid date, and the work’s answer stands', async () => {
    const procedure = `system:${randomUUID()}`;
    const made = await runAudited(
      { db: services.db, log },
      { actor: { kind: 'system', name: 'import' }, procedure, input: { when: new Date(Number.NaN) } },
      () => inTransaction(services.db, (tx) => tx.user.create({ data: newUser(), select: { id: true } })),
    );
    expect(await services.db.user.count({ where: { id: made.id } })).toBe(1);
    const row = await services.db.auditEvent.findFirstOrThrow({ where: { procedure } });
    expect(JSON.parse(row.payload ?? '')).toEqual({ when: 'Invalid Date' });
  });

  it('is pruned after its retention', async () => {
    const old = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await services.db.auditEvent.create({
      data: { id: randomUUID(), at: old, actorKind: 'system', procedure: 'system:old', outcome: 'ok' },
    });
    expect(await pruneAuditTrail(services.db, 30)).toBeGreaterThanOrEqual(1);
    expect(await services.db.auditEvent.count({ where: { procedure: 'system:old' } })).toBe(0);
    expect(await services.db.auditEvent.count({ where: { procedure: 'job:nightly-export' } })).toBe(1);
  });
});
