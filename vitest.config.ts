import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { postgresqlTestFiles } from './tools/test/database-tests.ts';

// Unit and integration tests sit beside the code (src/**/*.test.ts, tools/**/*.test.ts). The suite runs on
// SQLite always, and its integration tests (server and scripts) again on PostgreSQL
// when TEST_POSTGRES_URL names a server (docs/decisions/0016-postgresql-and-scale-out.md).
// Each test database is copied from a template migrated once per run.
// `*.sqlite.test.ts` hold what only SQLite has (its file, its lock, its backup);
// `*.postgresql.test.ts` what needs PostgreSQL (several instances on one database).
const postgresUrl = process.env.TEST_POSTGRES_URL;

if (!postgresUrl) {
  const line = '='.repeat(78);
  console.warn(
    `\n${line}\n  PostgreSQL leg SKIPPED: TEST_POSTGRES_URL is not set, so the suite runs on SQLite only.\n  Set it to a server the tests may create databases on, e.g.\n  TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:5432/postgres npm test\n${line}\n`,
  );
  if (process.env.TEST_REQUIRE_POSTGRES === '1') {
    throw new Error('TEST_REQUIRE_POSTGRES=1, but TEST_POSTGRES_URL is not set: the PostgreSQL leg would be skipped.');
  }
}

const sqlite: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'sqlite',
    include: ['src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
    exclude: ['**/*.postgresql.test.ts', '**/*.eventsource.test.ts'],
  },
};

/**
 * The server's and scripts' test files that reach a database of the run (through
 * src/server/test/test-app.ts) run again on PostgreSQL, with `*.postgresql.test.ts`; the
 * others compute the same on every engine and run once (tools/test/database-tests.ts).
 */
const postgresql: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'postgresql',
    include: postgresUrl ? postgresqlTestFiles(import.meta.dirname) : [],
  },
};

// `*.eventsource.test.ts` drive a browser's EventSource, on SQLite: Node's own (undici's),
// which Node 20 and 22 keep behind a flag. Only these files get it, so no other test finds
// an EventSource a plain Node lacks (the guard of the live link: sse-link-matches-trpc).
const eventSource: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'eventsource',
    include: ['src/**/*.eventsource.test.ts'],
    execArgv: ['--experimental-eventsource'],
  },
};

/**
 * `npm run check`'s tests (VITEST_QUICK=1): SQLite's, less the files that start real
 * processes, wait out leases and timeouts, or fuzz every procedure: they relate to nearly
 * every server file and take most of a run's time. `npm test` runs them.
 */
const slowFiles = [
  'src/server/main.test.ts',
  'src/server/timeouts.test.ts',
  'src/server/security/procedure-inputs.test.ts',
  'src/server/db/migrate-on-start.test.ts',
  'src/server/db/crash-recovery.sqlite.test.ts',
  'src/server/plugins/client-dev.test.ts',
  '**/*.crash.test.ts',
  'src/scripts/create-admin.test.ts',
  'src/scripts/db-backup.sqlite.test.ts',
  'src/scripts/db.test.ts',
  'src/scripts/script-client.test.ts',
];
const quick: TestProjectInlineConfiguration = {
  extends: true,
  test: { ...sqlite.test, name: 'quick', exclude: [...(sqlite.test?.exclude ?? []), ...slowFiles] },
};

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['src/server/test/global-setup.ts'],
    // Each worker runs its files one after another in one module graph instead of importing
    // the app anew for every file, which took half of the suite's CPU time (decision 0046).
    // Files stay independent by construction (a database, ports and folders of their own);
    // what a file leaves behind goes at its end (setup-file.ts), and stubs after each test.
    isolate: false,
    setupFiles: ['src/server/test/setup-file.ts'],
    unstubGlobals: true,
    unstubEnvs: true,
    pool: 'forks',
    // Most files wait more than they compute (servers, child processes, PostgreSQL,
    // timers), so two workers on a two-core machine finish sooner than Vitest's default of
    // cores - 1, which there is one (docs/decisions/0041-test-run-time.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects:
      process.env.VITEST_QUICK === '1'
        ? [quick]
        : postgresUrl
          ? [sqlite, eventSource, postgresql]
          : [sqlite, eventSource],
  },
});
