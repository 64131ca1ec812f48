/**
 * The project's database commands, offline (see docs/decisions/0003-offline-prisma.md
 * and 0016-postgresql-and-scale-out.md):
 *   db:migrate              apply pending migrations to DATABASE_URL (idempotent; on
 *                           PostgreSQL, instances take turns under an advisory lock)
 *   db:migration -- <name>  derive the schemas from prisma/models.prisma, then write a
 *                           migration for every engine from its schema diff
 *   db:status               pending, failed, edited, unknown, drift, unmigrated for
 *                           DATABASE_URL; exits 1 when not clean
 * PostgreSQL's migrations are diffed by replaying them in a shadow database: for
 * db:status, SHADOW_DATABASE_URL (which is wiped) or else a temporary database beside
 * DATABASE_URL; for db:migration, a temporary database on the server SHADOW_DATABASE_URL
 * or a PostgreSQL DATABASE_URL names. `--prisma-dir` points at another copy of prisma/.
 */
import { parseArgs } from 'node:util';
import { loadDatabaseConfig } from '../server/config.ts';
import { ENGINES, engineOf, migrationPathsFor, prismaDir } from '../server/db/engines.ts';
import { isClean, MigrationEngine, migrateDatabase } from '../server/db/migrations.ts';
import { fromAppRoot } from '../server/paths.ts';
import { writeSchemas } from './db/derive-schemas.ts';

const usage = 'Usage: db <migrate | migration <name> | status> [--prisma-dir prisma]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'prisma-dir': { type: 'string' } },
  });
  const [command, name] = positionals;
  const dir = values['prisma-dir'] ? fromAppRoot(values['prisma-dir']) : prismaDir;
  if (command === 'migration' && !name) {
    console.error('Usage: npm run db:migration -- <name>');
    return 2;
  }
  if (command !== 'migrate' && command !== 'migration' && command !== 'status') {
    console.error(usage);
    return 2;
  }

  const { DATABASE_URL, SHADOW_DATABASE_URL } = loadDatabaseConfig();
  if (command === 'migration') return createMigrations(name ?? '', dir, DATABASE_URL, SHADOW_DATABASE_URL);

  const paths = migrationPathsFor(engineOf(DATABASE_URL), dir);
  if (command === 'migrate') {
    const applied = await migrateDatabase(DATABASE_URL, paths);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
    return 0;
  }
  const engine = await MigrationEngine.open(DATABASE_URL, { paths, shadowDatabaseUrl: SHADOW_DATABASE_URL });
  try {
    const status = await engine.status();
    console.log(JSON.stringify(status, null, 2));
    console.log(isClean(status) ? 'Database is up to date.' : 'Database is NOT up to date.');
    return isClean(status) ? 0 : 1;
  } finally {
    await engine.close();
  }
}

/**
 * One migration per engine, from the same models. SQLite replays in memory; PostgreSQL
 * needs a server to replay on, and refuses to guess one.
 */
async function createMigrations(
  name: string,
  dir: string,
  databaseUrl: string,
  shadowDatabaseUrl: string | undefined,
): Promise<number> {
  writeSchemas(dir);
  const postgresqlServer = shadowDatabaseUrl ?? (engineOf(databaseUrl) === 'postgresql' ? databaseUrl : undefined);
  if (!postgresqlServer) {
    console.error(
      'The PostgreSQL migration is diffed on a PostgreSQL server: set SHADOW_DATABASE_URL to an empty database it may wipe (or DATABASE_URL to a PostgreSQL database).',
    );
    return 1;
  }
  const serverFor = { sqlite: 'file::memory:', postgresql: postgresqlServer } as const;
  for (const engineName of ENGINES) {
    // Diffing replays the migrations in a temporary database on that server (the role
    // needs CREATEDB); the database the URL names is never written.
    const engine = await MigrationEngine.open(serverFor[engineName], { paths: migrationPathsFor(engineName, dir) });
    try {
      const folder = await engine.create(name);
      console.log(
        folder ? `Created ${folder}; read its SQL before committing.` : `No schema changes for ${engineName}.`,
      );
    } finally {
      await engine.close();
    }
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
