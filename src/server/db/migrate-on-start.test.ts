import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoot } from '../paths.ts';
import { emptyTestDatabaseUrl, scratchDir, testEngine } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { migrationPathsFor, prismaDir, type MigrationPaths } from './engines.ts';
import { LOCK_FILE, localMigrationNames } from './migration-folder.ts';
import { type MigrateOnStartOptions, openMigratedDatabase } from './migrate-on-start.ts';
import { migrateInChildProcess, MigrationProcessError } from './migration-process.ts';
import { migrateDatabase } from './migrations.ts';

/** A copy of the project's migrations that a test may change, and an empty database. */
async function copyOfProjectSchema(): Promise<{ paths: MigrationPaths; databaseUrl: string }> {
  const dir = scratchDir();
  cpSync(prismaDir, dir, { recursive: true });
  return { paths: migrationPathsFor(testEngine(), dir), databaseUrl: await emptyTestDatabaseUrl() };
}

const open: Database[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.$disconnect()));
});

/** Starts as the db plugin does, on `databaseUrl`; the client is closed after the test. */
async function start(databaseUrl: string, options: MigrateOnStartOptions) {
  const { db, ...result } = await openMigratedDatabase({ databaseUrl, busyTimeoutMs: 5000 }, options);
  open.push(db);
  return { db, result };
}

/** The real schema engine in its child process, counting how often start-up runs it. */
function countingEngine() {
  const loads = { count: 0 };
  return {
    loads,
    migrate: (databaseUrl: string, paths?: MigrationPaths) => {
      loads.count += 1;
      return migrateInChildProcess(databaseUrl, paths);
    },
  };
}

/**
 * Starts as the db plugin does on the database and folder in argv, then prints the
 * migrations applied and whether the schema engine's module (migrations.ts, which marks
 * the global object when it loads) was loaded in this process.
 */
const ENGINE_PROBE = `
  const { openMigratedDatabase } = await import('./src/server/db/migrate-on-start.ts');
  const { databaseUrl, paths } = JSON.parse(process.argv.at(-1));
  const { db, applied } = await openMigratedDatabase({ databaseUrl, busyTimeoutMs: 5000 }, { paths });
  await db.$disconnect();
  const engineLoaded = Symbol.for('rpc-monolith.schema-engine') in globalThis;
  console.log(JSON.stringify({ applied, engineLoaded }));
`;

const newestOf = (paths: MigrationPaths) => localMigrationNames(paths).at(-1) ?? '';

describe(`migrations on start-up (${testEngine()})`, () => {
  it('applies every migration to a new database through the schema engine, and on a restart does not load it', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    const { loads, migrate } = countingEngine();

    const first = await start(databaseUrl, { paths, migrate });
    expect(first.result).toEqual({ applied: localMigrationNames(paths), engineRan: true });
    expect(loads.count).toBe(1);
    // The client handed back works on the migrated schema.
    expect(await first.db.user.count()).toBe(0);

    const restart = await start(databaseUrl, { paths, migrate });
    expect(restart.result).toEqual({ applied: [], engineRan: false });
    expect(await restart.db.emailOutbox.count()).toBe(0);
    expect(loads.count).toBe(1);
  });

  it('applies a migration added since the last start, then starts without the engine', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    await migrateDatabase(databaseUrl, paths);
    const added = join(paths.migrationsDir, '29991231000000_add_note');
    mkdirSync(added);
    writeFileSync(join(added, 'migration.sql'), 'CREATE TABLE "Note" ("id" INTEGER NOT NULL PRIMARY KEY);\n');
    const { loads, migrate } = countingEngine();

    const upgraded = await start(databaseUrl, { paths, migrate });
    expect(upgraded.result).toEqual({ applied: ['29991231000000_add_note'], engineRan: true });
    expect(await upgraded.db.$queryRaw`SELECT COUNT(*) AS n FROM "Note"`).toHaveLength(1);
    expect((await start(databaseUrl, { paths, migrate })).result).toEqual({ applied: [], engineRan: false });
    expect(loads.count).toBe(1);
  });

  it('refuses to start past a failed migration on every start, as the schema engine does', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    await migrateDatabase(databaseUrl, paths);
    const broken = join(paths.migrationsDir, '29991231000000_broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'migration.sql'), 'CREATE TABLE "Half" (id INTEGER);\nTHIS IS NOT SQL;\n');
    const { loads, migrate } = countingEngine();

    // The child's error, with its exit code: what the start-up's log line shows.
    const failed = start(databaseUrl, { paths, migrate });
    await expect(failed).rejects.toThrow(MigrationProcessError);
    await expect(failed).rejects.toThrow(/the migration process exited with code 1\): \w+: .*29991231000000_broken/s);
    await expect(failed).rejects.toMatchObject({ exitCode: 1, signal: null });
    // The failed row stays in the history, so every later start asks the engine, which refuses,
    // even once the broken folder is gone.
    await expect(start(databaseUrl, { paths, migrate })).rejects.toThrow(/failed/i);
    rmSync(broken, { recursive: true });
    await expect(start(databaseUrl, { paths, migrate })).rejects.toThrow(/failed/i);
    expect(loads.count).toBe(3);
  });

  it.each([
    [
      'an applied migration whose SQL changed',
      (paths: MigrationPaths) => {
        appendFileSync(join(paths.migrationsDir, newestOf(paths), 'migration.sql'), '\n-- edited afterwards\n');
      },
    ],
    [
      'an applied migration the folder lacks (an older release on a newer database)',
      (paths: MigrationPaths) => {
        rmSync(join(paths.migrationsDir, newestOf(paths)), { recursive: true });
      },
    ],
    [
      'a lock file naming another provider',
      (paths: MigrationPaths) => {
        writeFileSync(join(paths.migrationsDir, LOCK_FILE), 'provider = "mysql"\n');
      },
    ],
  ])('leaves %s to the schema engine to judge', async (_case, change) => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    await migrateDatabase(databaseUrl, paths);
    change(paths);
    const asked: string[] = [];
    const { result } = await start(databaseUrl, {
      paths,
      migrate: async (url) => {
        asked.push(url);
        return [];
      },
    });
    expect(result).toEqual({ applied: [], engineRan: true });
    expect(asked).toEqual([databaseUrl]);
  });

  it('runs the schema engine in a child process: the starting process never loads it', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    // A process of its own, as the server is: this test's process has loaded the engine's module.
    const probe = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', ENGINE_PROBE, JSON.stringify({ databaseUrl, paths })],
      { cwd: appRoot, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    );
    expect(probe.stderr).toBe('');
    expect(JSON.parse(probe.stdout)).toEqual({ applied: localMigrationNames(paths), engineLoaded: false });
  });

  it('reads the project folder by default, which holds its lock file and migrations', () => {
    const paths = migrationPathsFor(testEngine());
    expect(readdirSync(paths.migrationsDir)).toContain(LOCK_FILE);
    expect(localMigrationNames(paths).length).toBeGreaterThan(0);
  });
});
