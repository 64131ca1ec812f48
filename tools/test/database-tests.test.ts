import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../src/server/test/test-app.ts';
import { appRoot } from '../../src/server/paths.ts';
import {
  ENGINE_INDEPENDENT,
  importClosure,
  postgresqlTestFiles,
  TEST_DATABASES_MODULE,
  testFilesIn,
  usesTestDatabase,
} from './database-tests.ts';

function project(files: Record<string, string>): string {
  const root = scratchDir();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('which test files run again on PostgreSQL', () => {
  it('a file reaching the test databases through a helper does; a pure one does not', () => {
    const root = project({
      [TEST_DATABASES_MODULE]: "import { x } from '../db/client.ts';\n",
      'src/server/db/client.ts': 'export const x = 1;\n',
      'src/server/test/http-client.ts':
        "import type { A } from './types.ts';\nimport { buildTestApp } from './test-app.ts';\n",
      'src/server/test/types.ts': 'export type A = 1;\n',
      'src/server/a/uses-helper.test.ts':
        "import { it } from 'vitest';\nimport {\n  mutate,\n} from '../test/http-client.ts';\n",
      'src/server/a/pure.test.ts': "import { it } from 'vitest';\nimport { x } from './pure.ts';\n",
      'src/server/a/pure.ts': "export { x } from '../db/client.ts';\n",
      'src/server/a/dynamic.test.ts': "const app = await import('../test/test-app.ts');\n",
    });
    expect(usesTestDatabase(root, 'src/server/a/uses-helper.test.ts')).toBe(true);
    expect(usesTestDatabase(root, 'src/server/a/dynamic.test.ts')).toBe(true);
    expect(usesTestDatabase(root, 'src/server/a/pure.test.ts')).toBe(false);
    expect([...importClosure(root, 'src/server/a/pure.test.ts')].sort()).toEqual([
      'src/server/a/pure.test.ts',
      'src/server/a/pure.ts',
      'src/server/db/client.ts',
    ]);
    expect(testFilesIn(root, 'src/server').sort()).toEqual([
      'src/server/a/dynamic.test.ts',
      'src/server/a/pure.test.ts',
      'src/server/a/uses-helper.test.ts',
    ]);
  });

  it("in this project: the HTTP tests do, the template's rendering does not", () => {
    expect(usesTestDatabase(appRoot, 'src/server/features/auth/auth.http.test.ts')).toBe(true);
    expect(usesTestDatabase(appRoot, 'src/server/email/templates/render-email.test.ts')).toBe(false);
  });

  it('in this project: the engine-independent files exist and reach a database, and run once', () => {
    const onPostgresql = postgresqlTestFiles(appRoot);
    for (const file of ENGINE_INDEPENDENT) {
      expect(usesTestDatabase(appRoot, file), `${file} reaches a test database`).toBe(true);
      expect(onPostgresql).not.toContain(file);
    }
    expect(onPostgresql).toContain('src/server/features/auth/auth.http.test.ts');
    expect(onPostgresql).toContain('src/server/multi-instance.postgresql.test.ts');
    expect(onPostgresql).not.toContain('src/server/email/templates/render-email.test.ts');
  });
});
