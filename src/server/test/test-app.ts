import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, inject, onTestFinished } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { createBackgroundWork } from '../background-work.ts';
import { readBuildInfo } from '../build-info.ts';
import { testConfig, type Config } from '../config.ts';
import { createAuth } from '../features/auth/create-auth.ts';
import { openDatabase } from '../db/client.ts';
import type { Engine } from '../db/engines.ts';
import { databaseUrlOn } from '../db/migration-adapters.ts';
import { createOutboxEmail } from '../email/outbox.ts';
import { jobCatalog } from '../jobs/define-job.ts';
import { createAppMetrics } from '../metrics/prometheus-metrics.ts';
import { appRouter } from '../router.ts';
import { createInnerContext, type AppServices } from '../trpc/context.ts';
import { createSetupToken } from '../features/setup/setup-token.ts';
import { createCallerFactory } from '../trpc/init.ts';
import type { Role } from '../../shared/permissions.ts';
import { readCredentials, type Viewer } from '../features/auth/viewer.ts';
import { atFileEnd } from './file-end.ts';
import { newUser } from './new-user.ts';
import { createDatabase, dropDatabases } from './postgresql-server.ts';
import { testPasswordHasher } from './test-password-hasher.ts';

/** A new folder removed after the test file. */
export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rpc-test-'));
  atFileEnd(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

/** The engine this run of the test file is on (vitest.config.ts runs the suite on each). */
export function testEngine(): Engine {
  return inject('testDatabases').engine;
}

let databasesMade = 0;
const workerTemplates = new Map<string, Promise<string>>();

/**
 * This worker's own copy of the run's template, made on first use and dropped with the
 * run's databases: PostgreSQL copies a template for one CREATE DATABASE at a time, so
 * workers sharing one would wait on each other for every test database.
 */
function workerTemplateOf(server: string, prefix: string, template: string): Promise<string> {
  let copy = workerTemplates.get(template);
  if (!copy) {
    const name = `${prefix}template_${process.pid}_${workerTemplates.size}`;
    copy = createDatabase(server, name, template).then(() => name);
    workerTemplates.set(template, copy);
  }
  return copy;
}

/** A new database on this run's PostgreSQL server, copied from `template` when given, dropped after the test file. */
async function postgresTestDatabase(server: string, prefix: string, template?: string): Promise<string> {
  databasesMade += 1;
  const name = `${prefix}${process.pid}_${databasesMade}`;
  const source = template === undefined ? undefined : await workerTemplateOf(server, prefix, template);
  const url = await createDatabase(server, name, source);
  atFileEnd(() => dropDatabases(server, [name]));
  return url;
}

/**
 * A fresh, migrated database of the test's own, as a DATABASE_URL, on the engine of
 * this run: a copy of the template file, or a PostgreSQL database copied from the
 * template database and dropped after the test file.
 */
export async function testDatabaseUrl(): Promise<string> {
  const databases = inject('testDatabases');
  if (databases.engine === 'sqlite') {
    const file = join(scratchDir(), 'test.db');
    copyFileSync(databases.template, file);
    return `file:${file}`;
  }
  return postgresTestDatabase(databases.server, databases.prefix, databases.template);
}

/** A new, empty database (no migration applied) of this run's engine, as a DATABASE_URL. */
export async function emptyTestDatabaseUrl(): Promise<string> {
  const databases = inject('testDatabases');
  if (databases.engine === 'sqlite') return `file:${join(scratchDir(), 'empty.db')}`;
  return postgresTestDatabase(databases.server, databases.prefix);
}

/** A DATABASE_URL of this run's engine that nothing opens: for a config whose database is given. */
function unusedDatabaseUrl(): string {
  const databases = inject('testDatabases');
  if (databases.engine === 'sqlite') return `file:${join(scratchDir(), 'unused.db')}`;
  return databaseUrlOn(databases.server, `${databases.prefix}unused`);
}

/** The real application on its own database, ready for `inject`. Closed after the file. */
/**
 * What a test opens ends with that test; what a hook or the file opens, with the file.
 * An app holds database connections (its pool, its job listener on PostgreSQL): a file
 * that builds one per test would otherwise hold them all until its end, and two such
 * files at once outgrow the server's connection limit.
 */
function closeWhenDone(close: () => Promise<unknown>): void {
  try {
    onTestFinished(async () => {
      await close();
    });
  } catch {
    // Not inside a test (a beforeAll, a describe's body): the file's end.
    afterAll(async () => {
      await close();
    });
  }
}

export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = { client: 'none' },
): Promise<FastifyInstance> {
  const config = testConfig({ DATABASE_URL: await testDatabaseUrl(), MIGRATE_ON_START: false, ...overrides });
  const app = await buildApp(config, { passwordHasher: testPasswordHasher, ...options });
  closeWhenDone(() => app.close());
  return app;
}

/** The real application as `buildTestApp` makes it, logging into `lines` (one JSON line each) for the test to read. */
export async function buildTestAppWithLog(
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; lines: string[] }> {
  const lines: string[] = [];
  const app = await buildTestApp(overrides, { client: 'none', logStream: { write: (line) => lines.push(line) } });
  return { app, lines };
}

const silentLog = pino({ level: 'silent' });

/**
 * Services as the app builds them, without HTTP. What `overrides` gives is used as
 * it is, and only the rest is made: a fresh database when none is given, and `auth`
 * from the final config, database and e-mail port unless it is given: so
 * `{ config, db, email: failing }` gets an auth that sends through `failing`.
 */
export async function createTestServices(overrides: Partial<AppServices> = {}): Promise<AppServices> {
  const config =
    overrides.config ?? testConfig({ DATABASE_URL: overrides.db ? unusedDatabaseUrl() : await testDatabaseUrl() });
  const db = overrides.db ?? (await openOwnDatabase(config));
  const email =
    overrides.email ?? createOutboxEmail({ db, messageIdDomain: 'test.example', onQueued: () => undefined });
  return {
    buildInfo: readBuildInfo(undefined),
    startedAt: new Date(),
    metrics: createAppMetrics(),
    background: createBackgroundWork(),
    setupToken: createSetupToken(),
    // No job defined: give `jobs` (jobCatalog) to retry one whose `onRetry` matters.
    jobs: jobCatalog([]),
    ...overrides,
    config,
    db,
    email,
    auth: overrides.auth ?? createAuth({ config, db, email, log: silentLog, passwordHasher: testPasswordHasher }),
  };
}

/** Opens the config's database, closed after the test file. */
async function openOwnDatabase(config: Config) {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, busyTimeoutMs: 1000 });
  closeWhenDone(() => db.$disconnect());
  return db;
}

/**
 * Calls procedures directly through `createCaller`, with no HTTP in between, on
 * ready services or on those `createTestServices` completes from a part of them.
 * `headers` carry credentials (a session cookie or `authorization: Bearer …`).
 */
export async function createTestCaller(services: Partial<AppServices> = {}, headers = new Headers()) {
  const ready = await createTestServices(services);
  const cookies: string[] = [];
  const context = createInnerContext(ready, 'test-request', silentLog, {
    headers,
    setCookies: (set) => cookies.push(...set),
  });
  return { caller: createCallerFactory(appRouter)(context), services: ready, cookies };
}

/** The password of every person `callerAs` makes. */
const CALLER_PASSWORD = 'correct horse battery staple';

/**
 * A caller signed in as a fresh person with `role`: signed up, confirmed and
 * signed in through the auth library, so the session is a real one and the
 * context reads it as for any request. `viewer` is what the context found, for a
 * test that calls a service directly. Services as in createTestCaller.
 */
export async function callerAs(role: Role, services: Partial<AppServices> = {}) {
  const ready = await createTestServices(services);
  const { name, email } = newUser();
  await ready.auth.api.signUpEmail({ body: { name, email, password: CALLER_PASSWORD } });
  await ready.db.user.update({ where: { email }, data: { role, emailVerified: true } });
  const signedIn = await ready.auth.api.signInEmail({
    body: { email, password: CALLER_PASSWORD },
    returnHeaders: true,
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const headers = new Headers({ cookie });
  const credentials = await readCredentials(ready, headers);
  if (credentials.kind !== 'valid') throw new Error(`callerAs(${role}): the new session was not accepted`);
  const viewer: Viewer = credentials.viewer;
  return { ...(await createTestCaller(ready, headers)), viewer };
}
