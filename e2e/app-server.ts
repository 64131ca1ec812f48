import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dropDatabases } from '../src/server/test/postgresql-server.ts';
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

/**
 * A database of its own for one Playwright worker: a new SQLite file, or, with
 * E2E_POSTGRES_URL (a server the role may create databases on), a new PostgreSQL database.
 */
async function workerDatabase(name: string): Promise<{ url: string; remove: () => Promise<void> }> {
  const postgres = process.env.E2E_POSTGRES_URL;
  if (postgres) {
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
 */
export async function startAppServer(name: string): Promise<AppServer> {
  const database = await workerDatabase(name);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ...appServerEnv(port, database.url) },
    // Its log is the journeys' noise; what it prints on a crash (stderr) is kept.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await database.remove();
  };
  try {
    await untilReady(origin, child);
    return { origin, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Asks /readyz until it answers 200; fails at once if the process exits. */
async function untilReady(origin: string, child: ChildProcess): Promise<void> {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!exited() && Date.now() < deadline) {
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(exited() ? `The server for ${origin} exited before it was ready` : `${origin}/readyz: not ready`);
}
