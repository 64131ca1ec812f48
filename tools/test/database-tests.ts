import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The one module that hands a test its database (the run's engine, vitest.config.ts's projects). */
export const TEST_DATABASES_MODULE = 'src/server/test/test-app.ts';

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/** The project files `file` imports, directly or through other project files (relative imports only). */
export function importClosure(root: string, file: string): Set<string> {
  const seen = new Set<string>();
  const pending = [resolve(root, file)];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    let source: string;
    try {
      source = readFileSync(next, 'utf8');
    } catch {
      continue; // a generated file not written yet, or a folder import: nothing of the project's to follow
    }
    for (const match of source.matchAll(RELATIVE_IMPORT)) {
      const target = match[1];
      if (target && /\.(ts|tsx)$/.test(target)) pending.push(join(dirname(next), target));
    }
  }
  return new Set([...seen].map((path) => relative(root, path)));
}

/**
 * Whether a test file can reach a database of the run: it imports the module that makes
 * them, directly or through its helpers. The others (pure functions, schemas, templates)
 * behave the same on every engine, so they run once, not again on PostgreSQL.
 */
export function usesTestDatabase(root: string, file: string): boolean {
  return importClosure(root, file).has(TEST_DATABASES_MODULE);
}

/** The `*.test.ts` files under `folder`, relative to `root`. */
export function testFilesIn(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.test.ts'))
    .map((path) => join(folder, path));
}

/**
 * Files that build the whole app, and so reach a database, but assert what the HTTP edge
 * does before or without a query (timeouts, static files, headers, the cross-site check,
 * the access log): the same on every engine, they run once.
 */
export const ENGINE_INDEPENDENT = [
  'src/server/timeouts.test.ts',
  'src/server/plugins/client-static.test.ts',
  'src/server/plugins/security-headers.test.ts',
  'src/server/features/auth/cross-site-check.test.ts',
  'src/server/access-log.test.ts',
];

/**
 * The server's and scripts' test files that run again on PostgreSQL: those that reach a
 * database of the run, but the engine-independent ones, and every `*.postgresql.test.ts`.
 */
export function postgresqlTestFiles(root: string): string[] {
  return ['src/server', 'src/scripts']
    .flatMap((folder) => testFilesIn(root, folder))
    .filter((file) => !/\.(sqlite|eventsource)\.test\.ts$/.test(file))
    .filter((file) => !ENGINE_INDEPENDENT.includes(file))
    .filter((file) => file.endsWith('.postgresql.test.ts') || usesTestDatabase(root, file));
}
