import { execFile } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { migrationPathsFor, prismaDir } from '../server/db/engines.ts';
import { Prisma } from '../server/db/generated/sqlite/client.ts';
import { withSession } from '../server/db/migration-adapters.ts';
import { localMigrationNames } from '../server/db/migration-folder.ts';
import { migrateDatabase } from '../server/db/migrations.ts';
import { appRoot } from '../server/paths.ts';
import { mutate, PASSWORD, query, sessionCookie, signUpVerified } from '../server/test/http-client.ts';
import { buildTestApp, emptyTestDatabaseUrl, scratchDir } from '../server/test/test-app.ts';
import { testPasswordHasher } from '../server/test/test-password-hasher.ts';
import { copyData } from './db/copy-data.ts';
import { projectCopyOrder } from './db/copy-order.ts';

// Without it, each SQLite deployment signs its sessions with its own generated secret.
const AUTH_SECRET = 'the-secret-both-deployments-share-0123456789';
const ADMIN = 'root@example.com';
const MEMBER = 'member@example.com';
const LONG_TEXT = 'naïve ☃ 🚀 "quoted" \\ back\nslash\ttab '.repeat(5_000);

/** Runs the command as `npm run db:copy` does. */
async function dbCopy(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/scripts/db-copy.ts', ...args],
      { cwd: appRoot, env: { ...process.env, NODE_OPTIONS: '' } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/**
 * A SQLite deployment's data, made by the app itself: an admin, a member signed in
 * twice, an account still waiting for verification, a password reset, an API key made
 * under an idempotency key, the e-mails all of that queued with their delivery jobs, the
 * audit rows of every call and the schedules' state; then values the app's paths rarely write.
 */
async function sqliteDeployment() {
  const url = `file:${join(scratchDir(), 'app.db')}`;
  await migrateDatabase(url);
  const config = testConfig({ DATABASE_URL: url, AUTH_SECRET, FIRST_ADMIN_EMAIL: ADMIN, MIGRATE_ON_START: false });
  // The test apps' hasher, so the copy's app on PostgreSQL (buildTestApp) checks these passwords.
  const app = await buildApp(config, { client: 'none', passwordHasher: testPasswordHasher });
  try {
    const admin = await signUpVerified(app, ADMIN);
    await signUpVerified(app, MEMBER);
    const memberCookie = sessionCookie(await mutate(app, 'auth.signIn', { email: MEMBER, password: PASSWORD }));
    await mutate(app, 'auth.signUp', { name: 'Pending', email: 'pending@example.com' });
    await mutate(app, 'auth.requestPasswordReset', { email: MEMBER });
    const created = await mutate(
      app,
      'admin.apiKeys.create',
      { name: 'nightly report', permissions: ['read:system:any'], expiresInDays: 30 },
      // A stored answer under a key (IdempotencyRecord), as a script's retry-safe call leaves one.
      { cookie: admin, headers: { 'idempotency-key': 'db-copy-key' } },
    );
    expect(created.status).toBe(200);
    const outbox = await app.db.emailOutbox.findFirstOrThrow();
    await app.db.emailOutbox.update({
      where: { id: outbox.id },
      data: { lastError: LONG_TEXT, leaseUntil: new Date('1970-01-01T00:00:00.001Z'), requestId: null },
    });
    await app.db.user.update({ where: { email: 'pending@example.com' }, data: { disabled: true, image: '' } });
    return { url, memberCookie, apiKey: (created.data as { key: string }).key };
  } finally {
    await app.close();
  }
}

/** Every row of every model, by model, in id order. */
async function allRows(databaseUrl: string) {
  const db = await openDatabase({ databaseUrl, busyTimeoutMs: 1000 });
  try {
    const rows: Record<string, Record<string, unknown>[]> = {};
    for (const model of Object.values(Prisma.ModelName)) {
      const delegate = (db as unknown as Record<string, { findMany: () => Promise<Record<string, unknown>[]> }>)[
        model.charAt(0).toLowerCase() + model.slice(1)
      ];
      // Sorted here rather than by ORDER BY: PostgreSQL's collation may order text ids
      // differently from SQLite's byte order.
      const found = (await delegate?.findMany()) ?? [];
      rows[model] = found.sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
    }
    return rows;
  } finally {
    await db.$disconnect();
  }
}

const tablesIn = (databaseUrl: string) =>
  withSession(databaseUrl, async (session) => {
    const result = await session.query<{ count: string }>("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'");
    return Number(result.rows[0]?.count);
  });

describe('npm run db:copy', { timeout: 60_000 }, () => {
  let deployment: ReturnType<typeof sqliteDeployment> | undefined;
  const source = () => (deployment ??= sqliteDeployment());

  it('moves every row exactly, and the app on PostgreSQL knows the same people, sessions and keys', async () => {
    const { url, memberCookie, apiKey } = await source();
    const target = await emptyTestDatabaseUrl();

    const copy = await dbCopy(['--from', url, '--to', target, '--batch-size', '2']);
    expect(copy.code, copy.stderr).toBe(0);
    expect(copy.stdout).toContain('Row counts match in every table.');

    const [before, after] = await Promise.all([allRows(url), allRows(target)]);
    for (const model of Object.values(Prisma.ModelName)) {
      expect(before[model]?.length, `${model}: give the source some rows to copy`).toBeGreaterThan(0);
      expect(after[model], model).toStrictEqual(before[model]);
    }
    expect(JSON.stringify(after)).toContain(JSON.stringify(LONG_TEXT));

    const app = await buildTestApp({ DATABASE_URL: target, AUTH_SECRET });
    expect((await mutate(app, 'auth.signIn', { email: MEMBER, password: PASSWORD })).status).toBe(200);
    expect((await query(app, 'auth.viewer', undefined, { cookie: memberCookie })).data).toMatchObject({
      email: MEMBER,
    });
    const stats = await query(app, 'system.stats', undefined, { authorization: `Bearer ${apiKey}` });
    expect(stats.status).toBe(200);
    expect(stats.data).toMatchObject({ users: 3 });
  });

  it('refuses to copy into a database that holds rows, and changes nothing there', async () => {
    const { url } = await source();
    const target = await emptyTestDatabaseUrl();
    await copyData({ from: url, to: target });
    const before = await allRows(target);

    const again = await dbCopy(['--from', url, '--to', target]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toContain('copy into an empty database');
    expect(await allRows(target)).toStrictEqual(before);
  });

  it('refuses a source with a pending migration, before touching the target', async () => {
    const dir = scratchDir();
    cpSync(prismaDir, dir, { recursive: true });
    const paths = migrationPathsFor('sqlite', dir);
    const newest = localMigrationNames(paths).at(-1) ?? '';
    rmSync(join(paths.migrationsDir, newest), { recursive: true });
    const url = `file:${join(dir, 'previous-release.db')}`;
    await migrateDatabase(url, paths);
    const target = await emptyTestDatabaseUrl();

    const copy = await dbCopy(['--from', url, '--to', target]);
    expect(copy.code).toBe(1);
    expect(copy.stderr).toContain(`The source has pending migrations (${newest})`);
    expect(await tablesIn(target)).toBe(0);
  });

  it('leaves the target empty when the copy fails part-way', async () => {
    const { url } = await source();
    const target = await emptyTestDatabaseUrl();
    const last = projectCopyOrder().at(-1)?.name;
    const failing = copyData({
      from: url,
      to: target,
      batchSize: 1,
      onProgress: ({ model }) => {
        if (model === last) throw new Error('the disk filled up');
      },
    });
    await expect(failing).rejects.toThrow('the disk filled up');
    const rows = await allRows(target);
    expect(Object.values(rows).every((modelRows) => modelRows.length === 0)).toBe(true);
  });

  it('copies from SQLite to PostgreSQL only', async () => {
    const target = await emptyTestDatabaseUrl();
    const copy = await dbCopy(['--from', target, '--to', `file:${join(scratchDir(), 'app.db')}`]);
    expect(copy.code).toBe(1);
    expect(copy.stderr).toContain('from SQLite (--from file:…) to PostgreSQL (--to postgresql://…) only');
  });
});
