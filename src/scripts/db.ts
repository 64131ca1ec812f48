/**
 * The project's database commands, offline (see docs/decisions/0003-offline-prisma.md):
 *   db:migrate              apply pending migrations (idempotent)
 *   db:migration -- <name>  create a migration from the schema diff
 *   db:status               pending, failed, edited, unknown, drift, unmigrated; exits 1 when not clean
 * The database is DATABASE_URL, read as the server reads it. `--schema-dir` points
 * at another provider folder (default prisma/sqlite).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { isClean, MigrationEngine, migrationPathsIn, sqliteMigrationPaths } from '../server/db/migrations.ts';
import { fromAppRoot } from '../server/paths.ts';

const usage = 'Usage: db <migrate | migration <name> | status> [--schema-dir prisma/sqlite]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'schema-dir': { type: 'string' } },
  });
  const [command, name] = positionals;
  const schemaDir = values['schema-dir'];
  const paths = schemaDir ? migrationPathsIn(fromAppRoot(schemaDir)) : sqliteMigrationPaths;
  if (command === 'migration' && !name) {
    console.error('Usage: npm run db:migration -- <name>');
    return 2;
  }
  if (command !== 'migrate' && command !== 'migration' && command !== 'status') {
    console.error(usage);
    return 2;
  }

  const { DATABASE_URL } = loadConfig();
  const engine = await MigrationEngine.open(DATABASE_URL, paths);
  try {
    if (command === 'migrate') {
      const applied = await engine.apply();
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
      return 0;
    }
    if (command === 'migration') {
      const folder = await engine.create(name ?? '');
      console.log(folder ? `Created ${folder}; read its SQL before committing.` : 'No schema changes.');
      return 0;
    }
    const status = await engine.status();
    console.log(JSON.stringify(status, null, 2));
    console.log(isClean(status) ? 'Database is up to date.' : 'Database is NOT up to date.');
    return isClean(status) ? 0 : 1;
  } finally {
    await engine.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
