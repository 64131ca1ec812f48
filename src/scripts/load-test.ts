/**
 * A short load test of a built app, to prove a Node major before the image moves to it
 * (Prisma 7 + better-sqlite3 12 died with SIGABRT under load on Node 24):
 *   npx tsx src/scripts/load-test.ts --dir <app root> [--node <bin/node>] [--seconds 60] [--concurrency 50]
 * <app root> holds package.json, dist/ and production node_modules, built for that node (e.g. the
 * app/ folder that `KEEP_VERIFY_DIR=1 npm run verify:container` keeps). The server runs on a free
 * port with a throwaway database; concurrent fetch loops alternate system.health (a Prisma query
 * through tRPC) and /readyz (a raw query). Fails when the server dies, any request fails, or
 * SIGTERM does not end it with code 0.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findFreePort, startServer, stopGracefully, waitUntilReady, type Exit } from './container/processes.ts';

const TARGETS = ['/trpc/system.health', '/readyz'];

interface Options {
  dir: string;
  node: string;
  seconds: number;
  concurrency: number;
}

interface Tally {
  requests: number;
  errors: number;
  errorSamples: Map<string, number>;
  latenciesMs: number[];
  perTarget: Map<string, number>;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      node: { type: 'string', default: process.execPath },
      seconds: { type: 'string', default: '60' },
      concurrency: { type: 'string', default: '50' },
    },
  });
  if (!values.dir) {
    throw new Error(
      'Usage: tsx src/scripts/load-test.ts --dir <app root> [--node <bin/node>] [--seconds 60] [--concurrency 50]',
    );
  }
  return {
    dir: resolve(values.dir),
    node: resolve(values.node),
    seconds: Number(values.seconds),
    concurrency: Number(values.concurrency),
  };
}

function recordError(tally: Tally, kind: string): void {
  tally.errors += 1;
  tally.errorSamples.set(kind, (tally.errorSamples.get(kind) ?? 0) + 1);
}

/** One client: requests back to back until the deadline or the server's death. */
async function loop(baseUrl: string, offset: number, deadline: number, isDead: () => boolean, tally: Tally) {
  for (let index = offset; Date.now() < deadline && !isDead(); index += 1) {
    const target = TARGETS[index % TARGETS.length] ?? '/readyz';
    const started = performance.now();
    try {
      const response = await fetch(baseUrl + target, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status !== 200) recordError(tally, `${target} ${response.status}`);
    } catch (error) {
      recordError(tally, `${target} ${describeFailure(error)}`);
    }
    tally.latenciesMs.push(performance.now() - started);
    tally.requests += 1;
    tally.perTarget.set(target, (tally.perTarget.get(target) ?? 0) + 1);
  }
}

/** fetch wraps socket errors (ECONNRESET, ECONNREFUSED) in a generic TypeError; the cause names them. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function report(options: Options, version: string, tally: Tally, seconds: number, exit: Exit | string): void {
  const sorted = [...tally.latenciesMs].sort((a, b) => a - b);
  const summary = {
    node: version,
    seconds: Number(seconds.toFixed(1)),
    concurrency: options.concurrency,
    requests: tally.requests,
    requestsPerSecond: Math.round(tally.requests / seconds),
    perTarget: Object.fromEntries(tally.perTarget),
    errors: tally.errors,
    errorSamples: Object.fromEntries(tally.errorSamples),
    latencyMs: {
      p50: Number(percentile(sorted, 0.5).toFixed(1)),
      p95: Number(percentile(sorted, 0.95).toFixed(1)),
      p99: Number(percentile(sorted, 0.99).toFixed(1)),
      max: Number((sorted.at(-1) ?? Number.NaN).toFixed(1)),
    },
    serverExit: exit,
  };
  console.log(`\nLoad test result:\n${JSON.stringify(summary, null, 2)}`);
}

async function main(): Promise<number> {
  const options = readOptions();
  const dataDir = mkdtempSync(join(tmpdir(), 'load-test-'));
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `file:${join(dataDir, 'app.db')}`,
    // Per-request info logs would measure the terminal, not the server.
    LOG_LEVEL: 'warn',
  };
  const server = startServer([options.node, 'dist/server/main.js'], options.dir, env, port);
  let deathDuringLoad: Exit | undefined;
  void server.exited.then((exit) => (deathDuringLoad = exit));
  const tally: Tally = { requests: 0, errors: 0, errorSamples: new Map(), latenciesMs: [], perTarget: new Map() };
  try {
    await waitUntilReady(server);
    const version = execFileSync(options.node, ['--version'], { encoding: 'utf8' }).trim();
    console.log(`Loading ${server.baseUrl} for ${options.seconds} s with ${options.concurrency} concurrent clients...`);
    const started = performance.now();
    const deadline = Date.now() + options.seconds * 1000;
    const isDead = () => deathDuringLoad !== undefined;
    await Promise.all(
      Array.from({ length: options.concurrency }, (_, offset) => loop(server.baseUrl, offset, deadline, isDead, tally)),
    );
    const elapsed = (performance.now() - started) / 1000;
    if (deathDuringLoad) {
      report(options, version, tally, elapsed, deathDuringLoad);
      console.error(`\nFAILED: the server died under load (${JSON.stringify(deathDuringLoad)}).`);
      return 1;
    }
    const exit = await stopGracefully(server).catch((error: unknown) =>
      error instanceof Error ? error.message : 'no exit',
    );
    report(options, version, tally, elapsed, exit);
    if (typeof exit === 'string' || tally.errors > 0) {
      console.error(`\nFAILED: ${typeof exit === 'string' ? exit : `${tally.errors} request(s) failed.`}`);
      return 1;
    }
    console.log('\nLoad test passed.');
    return 0;
  } finally {
    server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`Load test FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
