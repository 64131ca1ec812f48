import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../server/paths.ts';
import { emptyTestDatabaseUrl, scratchDir, testEngine } from '../server/test/test-app.ts';

/** Runs the database command as `npm run db:*` does, on a copy of prisma/. */
function db(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/db.ts', ...args], {
    cwd: appRoot,
    env: { ...process.env, SHADOW_DATABASE_URL: '', NODE_OPTIONS: '', ...env },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

/** A copy of prisma/ the command may change. */
function prismaCopy(): string {
  const dir = scratchDir();
  cpSync(join(appRoot, 'prisma'), dir, { recursive: true });
  return dir;
}

const migrationsOf = (prismaDir: string, engine: string) => readdirSync(join(prismaDir, engine, 'migrations'));

// Each command is a process of its own, started a few times per test: slow on a loaded machine.
describe(`the db:* commands (${testEngine()})`, { timeout: 120_000 }, () => {
  it('db:status exits 1 with pending migrations; db:migrate applies them and is idempotent; then db:status exits 0', async () => {
    const prismaDir = prismaCopy();
    // As a release job runs them: production, and no AUTH_SECRET, which migrating does not need.
    const env = { DATABASE_URL: await emptyTestDatabaseUrl(), NODE_ENV: 'production', AUTH_SECRET: '' };
    const before = db(['status', '--prisma-dir', prismaDir], env);
    expect(before.code).toBe(1);
    expect(before.out).toContain('NOT up to date');

    const migrate = db(['migrate', '--prisma-dir', prismaDir], env);
    expect(migrate.code).toBe(0);
    expect(migrate.out).toMatch(/Applied: \d{14}_init/);
    expect(db(['migrate', '--prisma-dir', prismaDir], env).out).toContain('No pending migrations.');

    const after = db(['status', '--prisma-dir', prismaDir], env);
    expect(after.code).toBe(0);
    expect(after.out).toContain('Database is up to date.');
  });

  it.runIf(testEngine() === 'postgresql')(
    'db:migration derives both schemas from the models and writes a migration for each engine',
    async () => {
      const prismaDir = prismaCopy();
      const server = { DATABASE_URL: 'file::memory:', SHADOW_DATABASE_URL: await emptyTestDatabaseUrl() };
      expect(db(['migration', 'noop', '--prisma-dir', prismaDir], server).out).toContain('No schema changes');
      appendFileSync(join(prismaDir, 'models.prisma'), '\nmodel Tag {\n  id String @id\n}\n');

      const created = db(['migration', 'add_tag', '--prisma-dir', prismaDir], server);
      expect(created.code).toBe(0);
      for (const engine of ['sqlite', 'postgresql']) {
        expect(readFileSync(join(prismaDir, engine, 'schema.prisma'), 'utf8')).toContain('model Tag');
        const folder = migrationsOf(prismaDir, engine).find((name) => name.endsWith('_add_tag'));
        expect(folder).toBeDefined();
        expect(readFileSync(join(prismaDir, engine, 'migrations', folder ?? '', 'migration.sql'), 'utf8')).toContain(
          'CREATE TABLE "Tag"',
        );
      }
    },
  );

  it('db:migration without a PostgreSQL server to diff on refuses, and writes no migration for either engine', async () => {
    const prismaDir = prismaCopy();
    const before = ['sqlite', 'postgresql'].map((engine) => migrationsOf(prismaDir, engine));
    appendFileSync(join(prismaDir, 'models.prisma'), '\nmodel Tag {\n  id String @id\n}\n');
    const result = db(['migration', 'add_tag', '--prisma-dir', prismaDir], { DATABASE_URL: 'file::memory:' });
    expect(result.code).toBe(1);
    expect(result.out).toContain('set SHADOW_DATABASE_URL');
    expect(['sqlite', 'postgresql'].map((engine) => migrationsOf(prismaDir, engine))).toEqual(before);
  });

  it('db:migration without a name explains its usage', async () => {
    const result = db(['migration', '--prisma-dir', prismaCopy()], { DATABASE_URL: 'file::memory:' });
    expect(result.code).toBe(2);
    expect(result.out).toContain('Usage: npm run db:migration -- <name>');
  });
});
