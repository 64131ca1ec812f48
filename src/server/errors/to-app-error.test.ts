import { TRPCError } from '@trpc/server';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, errorCatalogue } from '../../shared/errors.ts';
import { openDatabase } from '../db/client.ts';
import { sqliteFileFromUrl } from '../db/sqlite-url.ts';
import { mutate, PASSWORD } from '../test/http-client.ts';
import { buildTestApp, testDatabaseUrl, testEngine } from '../test/test-app.ts';

const onSqlite = testEngine() === 'sqlite';
import { toAppError } from './to-app-error.ts';

/** What a real Prisma call throws, caught. */
async function prismaFailure(
  action: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<unknown>,
  databaseUrl?: string,
) {
  // One connection on either engine, so a second transaction must wait for the first.
  const db = await openDatabase({
    databaseUrl: databaseUrl ?? (await testDatabaseUrl()),
    busyTimeoutMs: 100,
    poolSize: 1,
  });
  try {
    await action(db);
  } catch (error) {
    return error;
  } finally {
    await db.$disconnect();
  }
  throw new Error('expected the Prisma call to fail');
}

describe('toAppError: everything that escapes a procedure becomes a catalogue error', () => {
  it('keeps an AppError as it is, directly or as the cause tRPC wrapped it in', () => {
    const original = new AppError('CONFLICT', { details: { field: 'email' } });
    expect(toAppError(original)).toBe(original);
    expect(toAppError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: original }))).toBe(original);
  });

  it('turns failed input validation into VALIDATION_FAILED with field errors by path', () => {
    const schema = z.object({ name: z.string().min(3), address: z.object({ city: z.string() }) });
    const parsed = schema.safeParse({ name: 'x', address: {} });
    const error = toAppError(new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error }));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual(['address.city', 'name']);
    expect(error.fieldErrors?.name?.[0]).toMatch(/3/);
  });

  it('keeps failed output validation internal: it is a server bug, not bad input', () => {
    const parsed = z.object({ id: z.string() }).safeParse({});
    const error = toAppError(
      new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed', cause: parsed.error }),
    );
    expect(error.code).toBe('INTERNAL');
  });

  it('maps a Prisma unique-constraint violation to CONFLICT, naming the field', async () => {
    const failure = await prismaFailure(async (db) => {
      await db.user.create({ data: { id: 'a', name: 'A', email: 'same@example.com' } });
      await db.user.create({ data: { id: 'b', name: 'B', email: 'same@example.com' } });
    });
    const error = toAppError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: failure }));
    expect(error.code).toBe('CONFLICT');
    expect(error.details).toEqual({ fields: ['email'] });
    expect(error.cause).toBe(failure);
  });

  it.each([
    [
      'a raw query to an unreachable server (P2010, kind DatabaseNotReachable)',
      Object.assign(new Error('Raw query failed'), {
        name: 'PrismaClientKnownRequestError',
        code: 'P2010',
        clientVersion: '7.10.0',
        meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable', host: '127.0.0.1' } } },
      }),
    ],
    [
      'a connection cut mid-query',
      Object.assign(new Error('Connection terminated unexpectedly'), { clientVersion: '7.10.0' }),
    ],
    ['a full pool', Object.assign(new Error('timeout exceeded when trying to connect'), { clientVersion: '7.10.0' })],
  ])('maps %s to UNAVAILABLE', (_name, failure) => {
    expect(toAppError(failure).code).toBe('UNAVAILABLE');
    expect(toAppError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: failure })).code).toBe('UNAVAILABLE');
  });

  /** A Prisma error over a driver adapter error, as Prisma 7 throws it (code, meta.driverAdapterError.cause). */
  const overDriver = (code: string, cause: Record<string, unknown>) =>
    Object.assign(new Error('Database error'), {
      name: 'PrismaClientKnownRequestError',
      code,
      clientVersion: '7.10.0',
      meta: { driverAdapterError: { cause } },
    });

  it.each([
    ['a dropped database (P1003, 3D000)', overDriver('P1003', { kind: 'DatabaseDoesNotExist', originalCode: '3D000' })],
    ['a connection the server closed (P1017)', overDriver('P1017', { kind: 'ConnectionClosed' })],
    [
      'a backend terminated by DROP DATABASE WITH (FORCE) (57P01)',
      overDriver('P2039', { kind: 'postgres', code: '57P01' }),
    ],
    ['a server starting up or in recovery (57P03)', overDriver('P2039', { kind: 'postgres', code: '57P03' })],
    ['a connection failure (class 08)', overDriver('P2010', { kind: 'postgres', code: '08006' })],
    [
      'pg’s own error, unwrapped (57P01)',
      Object.assign(new Error('terminating connection'), { code: '57P01', severity: 'FATAL' }),
    ],
    [
      'P1003 without its driver cause',
      Object.assign(new Error('gone'), { name: 'PrismaClientKnownRequestError', code: 'P1003' }),
    ],
  ])('maps %s to UNAVAILABLE', (_name, failure) => {
    expect(toAppError(failure).code).toBe('UNAVAILABLE');
    expect(toAppError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: failure })).code).toBe('UNAVAILABLE');
  });

  // PostgreSQL's disk cannot be filled on a shared test server: its error is built as the adapter passes it on.
  it.each([
    ['PostgreSQL’s disk_full (53100)', overDriver('P2039', { kind: 'postgres', code: '53100', originalCode: '53100' })],
    ['SQLite’s SQLITE_FULL', overDriver('P2039', { kind: 'sqlite', originalCode: 'SQLITE_FULL', extendedCode: 1 })],
    [
      'SQLITE_FULL under a wrapper that says what was being written',
      new Error('The e-mail could not be queued', {
        cause: overDriver('P2039', { kind: 'sqlite', originalCode: 'SQLITE_FULL' }),
      }),
    ],
  ])('maps %s to STORAGE_FULL', (_name, failure) => {
    expect(toAppError(failure).code).toBe('STORAGE_FULL');
    expect(toAppError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: failure })).code).toBe('STORAGE_FULL');
  });

  it('keeps a query’s own PostgreSQL error INTERNAL: a syntax error is no outage', () => {
    expect(toAppError(overDriver('P2010', { kind: 'postgres', code: '42601' })).code).toBe('INTERNAL');
  });

  it('keeps a plain error that merely mentions a connection INTERNAL: only Prisma’s errors count', () => {
    expect(toAppError(new Error('Connection terminated unexpectedly')).code).toBe('INTERNAL');
  });

  it('maps a Prisma "record to update not found" to NOT_FOUND', async () => {
    const failure = await prismaFailure((db) => db.user.update({ where: { id: 'nobody' }, data: { name: 'x' } }));
    expect(toAppError(failure).code).toBe('NOT_FOUND');
  });

  // SQLite's file lock, taken by another process; PostgreSQL locks rows and waits.
  it.runIf(onSqlite)(
    'maps a write that waited out the busy timeout behind another process’s write lock (SQLITE_BUSY) to UNAVAILABLE',
    async () => {
      const databaseUrl = await testDatabaseUrl();
      const otherProcess = new Database(sqliteFileFromUrl(databaseUrl));
      try {
        const failure = await prismaFailure(async (db) => {
          otherProcess.exec('BEGIN IMMEDIATE');
          await db.user.create({ data: { id: 'a', name: 'A', email: 'a@example.com' } });
        }, databaseUrl);
        expect(toAppError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: failure })).code).toBe('UNAVAILABLE');
      } finally {
        otherProcess.close();
      }
    },
  );

  it('maps a transaction that found the connection busy for longer than it may wait to UNAVAILABLE', async () => {
    const failure = await prismaFailure(async (db) => {
      const slow = db.$transaction(() => new Promise((resolve) => setTimeout(resolve, 300)));
      try {
        await db.$transaction((tx) => tx.user.count(), { maxWait: 50 });
      } finally {
        await slow;
      }
    });
    expect(toAppError(failure).code).toBe('UNAVAILABLE');
  });

  it.each([
    ['a plain Error', new Error('disk full at /var/lib/x')],
    ['a thrown string', 'boom'],
    ['a thrown undefined', undefined],
    ['a thrown object', { weird: true }],
  ])('turns %s into INTERNAL and keeps it as the cause for the log', (_name, thrown) => {
    const error = toAppError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: thrown }));
    expect(error.code).toBe('INTERNAL');
    expect(toAppError(thrown).code).toBe('INTERNAL');
  });

  it.each([
    ['NOT_FOUND', 'NOT_FOUND'],
    ['PARSE_ERROR', 'BAD_REQUEST'],
    ['UNAUTHORIZED', 'UNAUTHENTICATED'],
    ['METHOD_NOT_SUPPORTED', 'METHOD_NOT_ALLOWED'],
    ['PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE'],
    ['TOO_MANY_REQUESTS', 'RATE_LIMITED'],
    ['NOT_IMPLEMENTED', 'NOT_IMPLEMENTED'],
  ] as const)('maps tRPC’s own %s to %s, keeping its message', (trpcCode, appCode) => {
    const error = toAppError(new TRPCError({ code: trpcCode, message: 'from tRPC' }));
    expect(error.code).toBe(appCode);
    expect(error.message).toBe('from tRPC');
  });
});

describe.runIf(onSqlite)('a busy database over HTTP (SQLite’s file lock)', () => {
  it('answers a write that cannot get the write lock in time with 503 UNAVAILABLE, and the retry succeeds', async () => {
    const app = await buildTestApp({ SQLITE_BUSY_TIMEOUT_MS: 200 });
    const input = { name: 'Ada', email: 'ada@example.com', password: PASSWORD };
    // Another process (a second server on the same file, a script) holds the write lock.
    const otherProcess = new Database(sqliteFileFromUrl(app.services.config.DATABASE_URL));
    otherProcess.exec('BEGIN IMMEDIATE');
    let busy;
    try {
      busy = await mutate(app, 'auth.signUp', input);
    } finally {
      otherProcess.exec('ROLLBACK');
      otherProcess.close();
    }
    expect(busy.status).toBe(503);
    expect(busy.appCode).toBe('UNAVAILABLE');
    expect(busy.response.json()).toMatchObject({ error: { json: { message: errorCatalogue.UNAVAILABLE.message } } });

    const retried = await mutate(app, 'auth.signUp', input);
    expect(retried.status).toBe(200);
  });
});
