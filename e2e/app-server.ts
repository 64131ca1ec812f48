import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dropDatabases } from '../src/server/test/postgresql-server.ts';
import { startServer, stopGracefully, waitUntilReady } from '../tools/container/processes.ts';
import { firstAdminEmail } from './first-admin.ts';
import { freePort } from './fresh-server.ts';

/**
 * The production server's environment for the journeys: `test`, not `production`, so the
 * mailbox (MAILBOX) is open to anyone and the journeys read e-mailed links from it
 * (e2e/mailbox.ts); whoever signs up with FIRST_ADMIN_EMAIL while no admin exists becomes
 * one (e2e/accounts.ts); every journey signs up and in from one address, so the limits are
 * raised (they are proved over HTTP, src/server/rate-limit/rate-limit.test.ts).
 */
export function appServerEnv(port: number, databaseUrl: string): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'test',
    FIRST_ADMIN_EMAIL: firstAdminEmail,
    // E-mailed links and the cross-site check use this origin: the one the browser opens.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '10000',
    RATE_LIMIT_PER_MINUTE: '100000',
  };
}

export interface AppServer {
  origin: string;
  stop: () => Promise<void>;
}

/** How long a production server may take to migrate a new database and answer /readyz. */
const READY_TIMEOUT_MS = 60_000;

/** The engine a Playwright project's journeys run on (playwright.config.ts). */
export type E2eEngine = 'sqlite' | 'postgresql';

/**
 * A database of its own for one Playwright worker: a new SQLite file, or a new PostgreSQL
 * database on the server E2E_POSTGRES_URL names (one the role may create databases on).
 */
async function workerDatabase(name: string, engine: E2eEngine): Promise<{ url: string; remove: () => Promise<void> }> {
  if (engine === 'postgresql') {
    const postgres = process.env.E2E_POSTGRES_URL;
    if (!postgres)
      throw new Error('The PostgreSQL journeys need E2E_POSTGRES_URL: a server to create their databases on.');
    const url = await createDatabase(postgres, name);
    return { url, remove: () => dropDatabases(postgres, [name]) };
  }
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  return {
    url: `file:${join(dir, 'e2e.db')}`,
    remove: async () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The production build (`dist/`, as users get it) on a free port and a new, empty database,
 * resolved once /readyz answers 200: each Playwright worker runs its journeys against one.
 * Started, awaited and stopped as the container replay does (its log read and dropped, its
 * stderr shown); stopping it must end it gracefully.
 */
export async function startAppServer(name: string, engine: E2eEngine): Promise<AppServer> {
  const database = await workerDatabase(name, engine);
  const port = await freePort();
  const env = { ...process.env, ...appServerEnv(port, database.url) };
  const server = startServer([process.execPath, 'dist/server/main.js'], process.cwd(), env, port, { quiet: true });
  const stop = async () => {
    try {
      await stopGracefully(server);
    } finally {
      await database.remove();
    }
  };
  try {
    await waitUntilReady(server, READY_TIMEOUT_MS);
    return { origin: server.baseUrl, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
