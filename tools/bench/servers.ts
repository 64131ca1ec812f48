import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { freePort } from '../../src/server/test/free-port.ts';
import { startServer, waitUntilReady, type RunningServer } from '../container/processes.ts';
import { productionServerEnv } from '../load/server.ts';
import { BENCH_ENTRIES, type BenchRuntime } from './runtime.ts';

export type ServerKind = keyof typeof BENCH_ENTRIES | 'main';

export interface BenchServer extends RunningServer {
  origin: string;
  pid: number;
}

const entryOf = (kind: ServerKind) =>
  kind === 'main' ? 'dist/server/main.js' : join('dist', 'bench', `${BENCH_ENTRIES[kind]}.js`);

/** Every instance on PostgreSQL must sign cookies with one secret (the app refuses to start without it there). */
const BENCH_AUTH_SECRET = 'the benchmark on PostgreSQL, not a secret of anything';

/**
 * A server's database: a SQLite file's path, or a `postgresql://` URL (the PostgreSQL leg),
 * which also needs AUTH_SECRET, as production on PostgreSQL does.
 */
export function databaseEnv(database: string): { DATABASE_URL: string; AUTH_SECRET?: string } {
  if (/^postgres(?:ql)?:\/\//.test(database)) return { DATABASE_URL: database, AUTH_SECRET: BENCH_AUTH_SECRET };
  return { DATABASE_URL: `file:${database}` };
}

/**
 * Every server gets production's environment with the run's NODE_OPTIONS (and a profiler's
 * flags). LOG_LEVEL stays the image's (info), so logging's cost is part of the figures; the
 * lines are read and dropped (startBenchServer).
 */
function serverEnv(port: number, database: string, nodeOptions: string, nodeArgs: string[]): NodeJS.ProcessEnv {
  return {
    ...productionServerEnv(port, database, [nodeOptions, ...nodeArgs].join(' ').trim()),
    ...databaseEnv(database),
  };
}

/** Starts one of the servers on a database (a SQLite file, or a PostgreSQL URL) and waits for /readyz 200. */
export async function startBenchServer(
  kind: ServerKind,
  runtime: BenchRuntime,
  database: string,
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  const port = await freePort();
  const server = startServer(
    [runtime.node, entryOf(kind)],
    runtime.app,
    serverEnv(port, database, runtime.nodeOptions, nodeArgs),
    port,
    {
      quiet: true,
    },
  );
  await waitUntilReady(server);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('The server has no process id.');
  return { ...server, origin: server.baseUrl, pid };
}

function readyzAnswers(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const probe = request({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (response) => {
      response.resume();
      resolvePromise(response.statusCode === 200);
    });
    probe.on('error', () => {
      resolvePromise(false);
    });
    probe.end();
  });
}

/**
 * Milliseconds from spawn to the first /readyz 200, polled every 2 ms, then SIGTERM and
 * wait for the exit. The poll is the same for every server compared.
 */
export async function timeToReady(
  kind: ServerKind,
  runtime: BenchRuntime,
  database: string,
  nodeArgs: string[] = [],
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(runtime.node, [entryOf(kind)], {
    cwd: runtime.app,
    env: serverEnv(port, database, runtime.nodeOptions, nodeArgs),
    stdio: 'ignore',
  });
  const ended = { now: false };
  const exited = new Promise<void>((done) => {
    child.once('exit', () => {
      ended.now = true;
      done();
    });
  });
  try {
    // An object: set in the exit handler, which TypeScript's narrowing cannot see.
    while (!ended.now) {
      if (await readyzAnswers(port)) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error(`${kind} was not ready within 60 s.`);
      await new Promise((done) => setTimeout(done, 2));
    }
    throw new Error(`${kind} exited before it was ready.`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
