import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../server/paths.ts';
import { scratchDir } from '../server/test/test-app.ts';

/** Runs the database command as `npm run db:*` does, on a copy of the schema folder. */
function db(args: string[], databaseUrl: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/db.ts', ...args], {
    cwd: appRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

function workspace() {
  const dir = scratchDir();
  cpSync(join(appRoot, 'prisma/sqlite'), join(dir, 'sqlite'), { recursive: true });
  return { schemaDir: join(dir, 'sqlite'), databaseUrl: `file:${join(dir, 'app.db')}` };
}

describe('the db:* commands', () => {
  it('db:status exits 1 with pending migrations; db:migrate applies them and is idempotent; then db:status exits 0', () => {
    const { schemaDir, databaseUrl } = workspace();
    const before = db(['status', '--schema-dir', schemaDir], databaseUrl);
    expect(before.code).toBe(1);
    expect(before.out).toContain('NOT up to date');

    const migrate = db(['migrate', '--schema-dir', schemaDir], databaseUrl);
    expect(migrate.code).toBe(0);
    expect(migrate.out).toMatch(/Applied: \d{14}_init/);
    expect(db(['migrate', '--schema-dir', schemaDir], databaseUrl).out).toContain('No pending migrations.');

    const after = db(['status', '--schema-dir', schemaDir], databaseUrl);
    expect(after.code).toBe(0);
    expect(after.out).toContain('Database is up to date.');
  });

  it('db:migration writes a migration for a schema change', () => {
    const { schemaDir, databaseUrl } = workspace();
    expect(db(['migration', 'noop', '--schema-dir', schemaDir], databaseUrl).out).toContain('No schema changes.');
    appendFileSync(join(schemaDir, 'schema.prisma'), '\nmodel Tag {\n  id String @id\n}\n');

    const created = db(['migration', 'add_tag', '--schema-dir', schemaDir], databaseUrl);
    expect(created.code).toBe(0);
    expect(readdirSync(join(schemaDir, 'migrations')).some((name) => name.endsWith('_add_tag'))).toBe(true);
  });

  it('db:migration without a name explains its usage', () => {
    const { schemaDir, databaseUrl } = workspace();
    const result = db(['migration', '--schema-dir', schemaDir], databaseUrl);
    expect(result.code).toBe(2);
    expect(result.out).toContain('Usage: npm run db:migration -- <name>');
  });
});
