import { appendFileSync, cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyTestDatabaseUrl, scratchDir, testEngine } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { migrationPathsFor, prismaDir, type MigrationPaths } from './engines.ts';
import { LOCK_FILE, localMigrationNames } from './migration-folder.ts';
import { type MigrateOnStartOptions, openMigratedDatabase } from './migrate-on-start.ts';
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

/** The real schema engine, counting how often start-up loads it. */
function countingEngine() {
  const loads = { count: 0 };
  return {
    loads,
    loadMigrations: async () => {
      loads.count += 1;
      return { migrateDatabase };
    },
  };
}

const newestOf = (paths: MigrationPaths) => localMigrationNames(paths).at(-1) ?? '';

describe(`migrations on start-up (${testEngine()})`, () => {
  it('applies every migration to a new database through the schema engine, and on a restart does not load it', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    const { loads, loadMigrations } = countingEngine();

    const first = await start(databaseUrl, { paths, loadMigrations });
    expect(first.result).toEqual({ applied: localMigrationNames(paths), engineRan: true });
    expect(loads.count).toBe(1);
    // The client handed back works on the migrated schema.
    expect(await first.db.user.count()).toBe(0);

    const restart = await start(databaseUrl, { paths, loadMigrations });
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
    const { loads, loadMigrations } = countingEngine();

    const upgraded = await start(databaseUrl, { paths, loadMigrations });
    expect(upgraded.result).toEqual({ applied: ['29991231000000_add_note'], engineRan: true });
    expect(await upgraded.db.$queryRaw`SELECT COUNT(*) AS n FROM "Note"`).toHaveLength(1);
    expect((await start(databaseUrl, { paths, loadMigrations })).result).toEqual({ applied: [], engineRan: false });
    expect(loads.count).toBe(1);
  });

  it('refuses to start past a failed migration on every start, as the schema engine does', async () => {
    const { paths, databaseUrl } = await copyOfProjectSchema();
    await migrateDatabase(databaseUrl, paths);
    const broken = join(paths.migrationsDir, '29991231000000_broken');
    mkdirSync(broken);
    writeFileSync(join(broken, 'migration.sql'), 'CREATE TABLE "Half" (id INTEGER);\nTHIS IS NOT SQL;\n');
    const { loads, loadMigrations } = countingEngine();

    await expect(start(databaseUrl, { paths, loadMigrations })).rejects.toThrow(/29991231000000_broken/);
    // The failed row stays in the history, so every later start asks the engine, which refuses,
    // even once the broken folder is gone.
    await expect(start(databaseUrl, { paths, loadMigrations })).rejects.toThrow(/failed/i);
    rmSync(broken, { recursive: true });
    await expect(start(databaseUrl, { paths, loadMigrations })).rejects.toThrow(/failed/i);
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
      loadMigrations: async () => ({
        migrateDatabase: async (url) => {
          asked.push(url);
          return [];
        },
      }),
    });
    expect(result).toEqual({ applied: [], engineRan: true });
    expect(asked).toEqual([databaseUrl]);
  });

  it('reads the project folder by default, which holds its lock file and migrations', () => {
    const paths = migrationPathsFor(testEngine());
    expect(readdirSync(paths.migrationsDir)).toContain(LOCK_FILE);
    expect(localMigrationNames(paths).length).toBeGreaterThan(0);
  });
});
