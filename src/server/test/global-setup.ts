import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../db/migrations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file that each test file copies instead of migrating again. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'rpc-tests-'));
  const template = join(dir, 'template.db');
  await migrateDatabase(`file:${template}`);
  project.provide('templateDatabase', template);
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
