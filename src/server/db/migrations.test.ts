import { cpSync, readFileSync, readdirSync, writeFileSync, appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoot } from '../paths.ts';
import { scratchDir } from '../test/test-app.ts';
import { isClean, localMigrationNames, MigrationEngine, migrationPathsIn, type MigrationPaths } from './migrations.ts';

/** A copy of the project's SQLite schema and migrations that a test may change. */
function copyOfProjectSchema(): { paths: MigrationPaths; databaseUrl: string; file: string } {
  const dir = scratchDir();
  cpSync(join(appRoot, 'prisma/sqlite'), join(dir, 'sqlite'), { recursive: true });
  const file = join(dir, 'app.db');
  return { paths: migrationPathsIn(join(dir, 'sqlite')), databaseUrl: `file:${file}`, file };
}

const open: MigrationEngine[] = [];
async function engineFor(databaseUrl: string, paths: MigrationPaths) {
  const engine = await MigrationEngine.open(databaseUrl, paths);
  open.push(engine);
  return engine;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((engine) => engine.close()));
});

const projectMigrations = localMigrationNames();

describe('migrations through the WebAssembly schema engine', () => {
  it('reports every migration as pending on a new database, applies them once, then is clean', async () => {
    const { paths, databaseUrl } = copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);

    expect((await engine.status()).pending).toEqual(projectMigrations);
    expect(await engine.apply()).toEqual(projectMigrations);
    expect(await engine.apply()).toEqual([]);
    const status = await engine.status();
    expect(status).toMatchObject({ pending: [], failed: [], drift: null, unmigrated: null });
    expect(isClean(status)).toBe(true);
  });

  it('creates the tables the schema declares', async () => {
    const { paths, databaseUrl, file } = copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);
    await engine.apply();
    // The engine holds SQLite's exclusive lock until it is closed.
    await engine.close();
    const tables = new Database(file)
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[];
    expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['User', '_prisma_migrations']));
  });

  it('detects drift: a table made outside the migrations', async () => {
    const { paths, databaseUrl, file } = copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);
    await engine.apply();
    await engine.close();
    new Database(file).exec('CREATE TABLE sneaky (id INTEGER)');

    const status = await (await engineFor(databaseUrl, paths)).status();
    expect(status.drift).toContain('sneaky');
    expect(isClean(status)).toBe(false);
  });

  it('creates a migration from a schema change, and none when nothing changed', async () => {
    const { paths, databaseUrl } = copyOfProjectSchema();
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
    const { paths, databaseUrl } = copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);
    await expect(engine.create('../escape')).rejects.toThrow(/lowercase letters/);
  });

  it('reports a migration that failed halfway, and refuses to apply past it', async () => {
    const { paths, databaseUrl } = copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);
    await engine.apply();
    await engine.close();
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

  it('keeps the project migrations in step with the schema (no unmigrated change)', async () => {
    const { paths, databaseUrl } = copyOfProjectSchema();
    const engine = await engineFor(databaseUrl, paths);
    expect((await engine.status()).unmigrated).toBeNull();
    expect(readdirSync(paths.migrationsDir)).toContain('migration_lock.toml');
  });
});
