import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { appRoot } from '../../src/server/paths.ts';
import { describeRuntimeStage, parseDockerfile } from '../container/dockerfile.ts';
import { nodeOptionsFor } from './node-options.ts';
import { freePort } from '../../src/server/test/free-port.ts';
import { run, startServer, waitUntilReady, type RunningServer } from '../container/processes.ts';

/**
 * NODE_OPTIONS as the Dockerfile's runtime (last) stage sets it: the load run measures
 * the container's settings. Only read; checking the Dockerfile is the container run's job.
 */
export function containerNodeOptions(): string {
  return containerRuntimeEnv().NODE_OPTIONS ?? '';
}

/** The Dockerfile's runtime (last) stage's ENV. */
function containerRuntimeEnv(): Record<string, string> {
  const runtimeStage = parseDockerfile(readFileSync(join(appRoot, 'Dockerfile'), 'utf8')).at(-1);
  if (!runtimeStage) throw new Error('The Dockerfile has no FROM.');
  return describeRuntimeStage(runtimeStage).env;
}

/** The Dockerfile's settings of the C allocator (MALLOC_*): part of the container's memory figures. */
export function containerAllocatorEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(containerRuntimeEnv()).filter(([key]) => key.startsWith('MALLOC_')));
}

/** What `npm run build` leaves behind; the production server needs both. */
const BUILD_OUTPUTS = ['dist/server/main.js', 'dist/client/index.html'];

/**
 * Builds this checkout once if dist/ lacks the server or the client; an existing build,
 * or another app folder (e.g. the app/ that `KEEP_VERIFY_DIR=1 npm run verify:container`
 * keeps), is measured as it is.
 */
export async function ensureBuild(app: string): Promise<void> {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(join(app, file)));
  if (missing.length === 0) return;
  if (app !== appRoot) throw new Error(`${app} has no build (${missing.join(', ')} missing).`);
  console.log(`No build (${missing.join(', ')} missing): running npm run build…`);
  await run('npm', ['run', 'build'], { cwd: appRoot, env: process.env });
}

export interface LoadServer extends RunningServer {
  origin: string;
  pid: number;
}

/** The address the first admin signs up with; the write phase needs an admin. */
export const LOAD_ADMIN_EMAIL = 'load-admin@example.com';

/**
 * The environment of a production server that load runs and benchmarks drive: production,
 * a database file of the run's own, the given NODE_OPTIONS and the image's allocator settings. The server believes
 * X-Forwarded-For from loopback (as it would from a load balancer), so the load can come
 * from many client addresses: each stays under the per-IP limits unless a phase means to
 * exceed them. Rate limits stay at their defaults.
 */
export function productionServerEnv(port: number, databaseFile: string, nodeOptions: string): NodeJS.ProcessEnv {
  const origin = `http://127.0.0.1:${port}`;
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATABASE_URL: `file:${databaseFile}`,
    TRUSTED_PROXIES: '127.0.0.1',
    FIRST_ADMIN_EMAIL: LOAD_ADMIN_EMAIL,
    NODE_OPTIONS: nodeOptions,
    ...containerAllocatorEnv(),
  };
}

/** `node dist/server/main.js` as production runs it, on a free port and a fresh database. */
export async function startLoadServer(
  dataDir: string,
  { app, node }: { app: string; node: string },
  /** Settings beyond production's defaults (the live-streams benchmark raises its limits). */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<LoadServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    // The container's settings (Dockerfile), as far as this node knows them, unless the caller tries others.
    ...productionServerEnv(
      port,
      join(dataDir, 'app.db'),
      process.env.NODE_OPTIONS ?? nodeOptionsFor(node, containerNodeOptions()),
    ),
    // Per-request info logs would measure the terminal, not the server.
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const server = startServer([node, 'dist/server/main.js'], app, env, port);
  await waitUntilReady(server);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('The server has no process id.');
  return { ...server, origin: `http://127.0.0.1:${port}`, pid };
}

/** Resident memory of a process in MiB: /proc on Linux, `ps` elsewhere. */
export function rssMiB(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(status, 'utf8'))?.[1];
    if (kib) return Number(kib) / 1024;
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}
