import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyTestDatabaseUrl, scratchDir, testEngine } from '../test/test-app.ts';
import { openDatabase } from './client.ts';
import { migrationPathsFor, prismaDir, type MigrationPaths } from './engines.ts';
import { localMigrationNames } from './migration-folder.ts';
import { isClean, MigrationEngine, migrateDatabase } from './migrations.ts';

/** A copy of the project's models, schemas and migrations that a test may change, and an empty database. */
async function copyOfProjectSchema(): Promise<{ paths: MigrationPaths; databaseUrl: string }> {
  const dir = scratchDir();
  cpSync(prismaDir, dir, { recursive: true });
  return { paths: migrationPathsFor(testEngine(), dir), databaseUrl: await emptyTestDatabaseUrl() };
}

const open: MigrationEngine[] = [];
async function engineFor(databaseUrl: string, paths: MigrationPaths) {
  const engine = await MigrationEngine.open(databaseUrl, { paths });
  open.push(engine);
  return engine;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((engine) => engine.close()));
});

/** Makes a table outside the migrations through the app's client, then closes it (SQLite's lock is exclusive). */
async function createSneakyTable(databaseUrl: string) {
  const db = await openDatabase({ databaseUrl, busyTimeoutMs: 5000 });
  try {
    return await db.$executeRaw`CREATE TABLE sneaky (id INTEGER)`;
  } finally {
    await db.$disconnect();
  }
}

const projectMigrations = localMigrationNames(migrationPathsFor(testEngine()));

describe(`migrations through the WebAssembly schema engine (${testEngine()})`, () => {
  it('reports every migration as pending on a new database, applies them once, then is clean', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);

    expect((await engine.status()).pending).toEqual(projectMigrations);
    expect(await engine.apply()).toEqual(projectMigrations);
    expect(await engine.apply()).toEqual([]);
    const status = await engine.status();
    expect(status).toMatchObject({ pending: [], failed: [], drift: null, unmigrated: null });
    expect(isClean(status)).toBe(true);
  });

  it('creates the tables the models declare', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    await migrateDatabase(databaseUrl, paths);
    const db = await openDatabase({ databaseUrl, busyTimeoutMs: 5000 });
    try {
      expect(await db.user.count()).toBe(0);
      expect(await db.emailOutbox.count()).toBe(0);
    } finally {
      await db.$disconnect();
    }
  });

  it('detects drift: a table made outside the migrations', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    await migrateDatabase(databaseUrl, paths);
    await createSneakyTable(databaseUrl);

    const status = await (await engineFor(databaseUrl, paths)).status();
    expect(status.drift).toContain('sneaky');
    expect(isClean(status)).toBe(false);
  });

  it('creates a migration from a schema change, and none when nothing changed', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);
    expect(await engine.create('nothing_new')).toBeNull();

    appendFileSync(paths.schemaFile, '\nmodel Note {\n  id   Int    @id @default(autoincrement())\n  text String\n}\n');
    const changed = await engineFor(databaseUrl, paths);
    expect((await changed.status()).unmigrated).toContain('CREATE TABLE "Note"');

    const folder = await changed.create('add_note');
    expect(folder).toMatch(/\d{14}_add_note$/);
    expect(readFileSync(join(folder ?? '', 'migration.sql'), 'utf8')).toContain('CREATE TABLE "Note"');
    expect((await changed.apply()).at(-1)).toMatch(/_add_note$/);
    expect(isClean(await changed.status())).toBe(true);
  });

  it('refuses a migration name that is not a plain identifier', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);
    await expect(engine.create('../escape')).rejects.toThrow(/lowercase letters/);
  });

  it('reports a migration that failed, and refuses to apply past it', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    await migrateDatabase(databaseUrl, paths);
    const broken = join(paths.migrationsDir, '29991231000000_broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'migration.sql'), 'CREATE TABLE "Half" (id INTEGER);\nTHIS IS NOT SQL;\n');

    const retry = await engineFor(databaseUrl, paths);
    await expect(retry.apply()).rejects.toThrow();
    const status = await retry.status();
    expect(status.failed).toEqual(['29991231000000_broken']);
    expect(status.errors.join()).toMatch(/29991231000000_broken/);
    expect(isClean(status)).toBe(false);
  });

  it('keeps the project migrations in step with the models (no unmigrated change)', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);
    expect((await engine.status()).unmigrated).toBeNull();
    expect(readdirSync(paths.migrationsDir)).toContain('migration_lock.toml');
    expect(readFileSync(join(paths.migrationsDir, 'migration_lock.toml'), 'utf8')).toContain(
      `provider = "${testEngine()}"`,
    );
  });
});
