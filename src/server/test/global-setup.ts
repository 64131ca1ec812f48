import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase } from '../db/migrations.ts';
import { createDatabase, databasesNamed, dropDatabases, testPostgresUrl } from './postgresql-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The engine this project's tests run on. */
    testEngine: 'sqlite' | 'postgresql';
    /** SQLite: a migrated file that each test database copies instead of migrating again. */
    templateDatabase: string;
    /** PostgreSQL: the server, and the migrated template database each test database copies. */
    postgresServer: string;
    postgresTemplate: string;
    /** The prefix of every PostgreSQL database this run creates, dropped at its end. */
    postgresPrefix: string;
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
  project.provide('testEngine', 'sqlite');
  project.provide('templateDatabase', template);
  project.provide('postgresServer', '');
  project.provide('postgresTemplate', '');
  project.provide('postgresPrefix', '');
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}

async function setupPostgresql(project: TestProject) {
  const server = testPostgresUrl();
  if (!server) throw new Error('The postgresql project runs only with TEST_POSTGRES_URL set.');
  const prefix = `rpc_test_${process.pid}_${Date.now().toString(36)}_`;
  const template = `${prefix}template`;
  await migrateDatabase(await createDatabase(server, template));
  project.provide('testEngine', 'postgresql');
  project.provide('templateDatabase', '');
  project.provide('postgresServer', server);
  project.provide('postgresTemplate', template);
  project.provide('postgresPrefix', prefix);
  return async () => {
    await dropDatabases(server, await databasesNamed(server, prefix));
  };
}
