import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { readBuildInfo } from '../build-info.ts';
import { testConfig, type Config } from '../config.ts';
import { createAuth } from '../auth/create-auth.ts';
import { openDatabase } from '../db/client.ts';
import { createOutboxEmail } from '../email/outbox.ts';
import { createAppMetrics } from '../metrics/app-metrics.ts';
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

const silentLog = pino({ level: 'silent' });

/** Services on a fresh database, as the app builds them, without HTTP. */
export async function createTestServices(overrides: Partial<AppServices> = {}): Promise<AppServices> {
  const config = testConfig({ DATABASE_URL: testDatabaseUrl() });
  const db = overrides.db ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, busyTimeoutMs: 1000 }));
  afterAll(() => db.$disconnect());
  const email =
    overrides.email ?? createOutboxEmail({ db, messageIdDomain: 'test.example', onQueued: () => undefined });
  const services: AppServices = {
    config,
    db,
    email,
    auth: createAuth({ config, db, email, log: silentLog }),
    buildInfo: readBuildInfo(undefined),
    startedAt: new Date(),
    metrics: createAppMetrics(),
  };
  return Object.assign(services, overrides);
}

/**
 * Calls procedures directly through `createCaller`, with no HTTP in between.
 * `headers` carry credentials (a session cookie or `authorization: Bearer …`).
 */
export async function createTestCaller(overrides: Partial<AppServices> = {}, headers = new Headers()) {
  const services = await createTestServices(overrides);
  const cookies: string[] = [];
  const context = createInnerContext(services, 'test-request', silentLog, {
    headers,
    setCookies: (set) => cookies.push(...set),
  });
  return { caller: createCallerFactory(appRouter)(context), services, cookies };
}
