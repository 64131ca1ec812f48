import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { readBuildInfo } from '../build-info.ts';
import { testConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { appRouter } from '../router.ts';
import { createInnerContext, type AppServices } from '../trpc/context.ts';
import { createCallerFactory } from '../trpc/init.ts';

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A new folder removed after the test file. */
export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rpc-test-'));
  scratch.push(dir);
  return dir;
}

/** A fresh, migrated SQLite database of this test file's own, as a DATABASE_URL. */
export function testDatabaseUrl(): string {
  const file = join(scratchDir(), 'test.db');
  copyFileSync(inject('templateDatabase'), file);
  return `file:${file}`;
}

/** The real application on its own database, ready for `inject`. Closed after the file. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = { client: 'none' },
): Promise<FastifyInstance> {
  const config = testConfig({ DATABASE_URL: testDatabaseUrl(), MIGRATE_ON_START: false, ...overrides });
  const app = await buildApp(config, options);
  afterAll(() => app.close());
  return app;
}

/** Calls procedures directly through `createCaller`, with no HTTP in between. */
export async function createTestCaller(overrides: Partial<AppServices> = {}) {
  const config = testConfig({ DATABASE_URL: testDatabaseUrl() });
  const db = overrides.db ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, busyTimeoutMs: 1000 }));
  afterAll(() => db.$disconnect());
  const services: AppServices = {
    config,
    db,
    buildInfo: readBuildInfo(undefined),
    startedAt: new Date(),
    ...overrides,
  };
  const caller = createCallerFactory(appRouter)(
    createInnerContext(services, 'test-request', pino({ level: 'silent' })),
  );
  return { caller, services };
}
