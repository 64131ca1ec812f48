import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/server/test/free-port.ts';

export { freePort };

export interface FreshServer {
  port: number;
  /** The address the server printed for people to open. */
  address: string;
  /** The one-time setup link the server printed. */
  setupLink: string;
  stop: () => Promise<void>;
}

/** How long a production server may take to migrate a new database and listen. */
const START_TIMEOUT_MS = 60_000;

/**
 * The production build as a newcomer starts it (`npm start` after the build): no
 * PUBLIC_URL, no FIRST_ADMIN_EMAIL, no NODE_ENV (so production), the default HOST,
 * on a new, empty database. Resolves once its log has printed the address to open
 * and the setup link, read from its standard output as the newcomer reads them.
 * The main e2e server cannot serve here: its database gets an admin in other journeys.
 */
export async function startFreshServer(): Promise<FreshServer> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-first-run-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
  };
  const child = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = once(child, 'exit');
  let output = '';
  const printed = new Promise<{ address: string; setupLink: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`No setup link within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const address = /"msg":"Open (http:\/\/\S+) in a browser\."/.exec(output)?.[1];
      const setupLink = /(http:\/\/\S+\/setup\?token=[\w-]+)/.exec(output)?.[1];
      if (address && setupLink) {
        clearTimeout(timer);
        resolve({ address, setupLink });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`The server exited before printing a setup link:\n${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    return { port, ...(await printed), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
