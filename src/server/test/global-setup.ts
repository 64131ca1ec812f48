import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../db/migrations.ts';
import { createDatabase, databasesNamed, dropDatabases } from './postgresql-server.ts';

/** Where a project's test databases come from: test-app.ts copies the migrated template. */
export type TestDatabases =
  | { engine: 'sqlite'; /** A migrated file. */ template: string }
  | {
      engine: 'postgresql';
      server: string;
      /** A migrated database on `server`. */
      template: string;
      /** Every database of the run starts with it, and is dropped at its end. */
      prefix: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: TestDatabases;
  }
}

/**
 * Once per project: the `sqlite` project migrates a template file; the `postgresql`
 * project (vitest.config.ts) a template database on TEST_POSTGRES_URL's server.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'postgresql') return setupPostgresql(project);
  const dir = mkdtempSync(join(tmpdir(), 'rpc-tests-'));
  const template = join(dir, 'template.db');
  await migrateDatabase(`file:${template}`);
  project.provide('testDatabases', { engine: 'sqlite', template });
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}

async function setupPostgresql(project: TestProject) {
  const server = process.env.TEST_POSTGRES_URL;
  if (!server) throw new Error('The postgresql project runs only with TEST_POSTGRES_URL set.');
  const prefix = `rpc_test_${process.pid}_${Date.now().toString(36)}_`;
  const template = `${prefix}template`;
  await migrateDatabase(await createDatabase(server, template));
  project.provide('testDatabases', { engine: 'postgresql', server, template, prefix });
  return async () => {
    await dropDatabases(server, await databasesNamed(server, prefix));
  };
}
