import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { serverBundleOptions } from '../build/server-bundle.ts';
import { appRoot } from '../../src/server/paths.ts';
import { buildImage } from '../container/build-image.ts';
import { dockerfileNodeMajor, parseDockerfile } from '../container/dockerfile.ts';
import { run } from '../container/processes.ts';
import { containerNodeOptions } from '../load/server.ts';
import { nodeOptionsFor } from '../load/node-options.ts';
import { resolveToolchain } from '../container/toolchain.ts';

/** Where and on which node the benchmark runs the servers. */
export interface BenchRuntime {
  node: string;
  nodeVersion: string;
  /** A folder with package.json, dist/ and production node_modules. */
  app: string;
  /** How `app` came to be: this checkout built in place, the image's build replayed, or given. */
  source: 'checkout' | 'image build' | 'given';
  commit: string;
  /** The Dockerfile's Node major: the ratios that count are measured on it. */
  imageMajor: number;
  /** Every server's NODE_OPTIONS: the Dockerfile's runtime stage's, unless given. */
  nodeOptions: string;
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: appRoot, encoding: 'utf8' }).trim();
}

/**
 * The servers must run on the container's Node (the targets are "Node of the
 * container"), and better-sqlite3 is compiled for one Node ABI. On a machine whose node is
 * the image's major, this checkout is built and used. Otherwise the image's build is
 * replayed on that major (as verify:container does, node fetched from the npm registry)
 * once per commit, and kept under ~/.cache/rpc-monolith/bench.
 */
export async function resolveRuntime(given: {
  app?: string;
  node?: string;
  nodeOptions?: string;
}): Promise<BenchRuntime> {
  const nodeOptions = given.nodeOptions ?? containerNodeOptions();
  const imageMajor = dockerfileNodeMajor(parseDockerfile(readFileSync(join(appRoot, 'Dockerfile'), 'utf8')));
  const commit = git(['rev-parse', 'HEAD']);
  const versionOf = (node: string) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (given.app ?? given.node) {
    const node = given.node ?? process.execPath;
    return {
      node,
      nodeVersion: versionOf(node),
      app: given.app ?? appRoot,
      source: 'given',
      commit,
      imageMajor,
      nodeOptions: given.nodeOptions ?? nodeOptionsFor(node, nodeOptions),
    };
  }
  if (Number(process.versions.node.split('.')[0]) === imageMajor) {
    console.log(`Node ${process.version} is the image's major: building this checkout.`);
    await run('npm', ['run', 'build'], { cwd: appRoot, env: process.env });
    const node = process.execPath;
    return { node, nodeVersion: process.version, app: appRoot, source: 'checkout', commit, imageMajor, nodeOptions };
  }
  if (git(['status', '--porcelain'])) {
    console.warn(`Uncommitted changes are not measured: the image build replays commit ${commit.slice(0, 12)}.`);
  }
  const toolchain = resolveToolchain(imageMajor);
  const cacheRoot = join(homedir(), '.cache', 'rpc-monolith', 'bench');
  const workDir = join(cacheRoot, `${commit}-node${imageMajor}`);
  const appDir = join(workDir, 'app');
  if (!existsSync(join(appDir, 'dist', 'server', 'main.js'))) {
    // One build kept: each is ~0.5 GB of node_modules.
    if (existsSync(cacheRoot)) {
      for (const old of readdirSync(cacheRoot)) rmSync(join(cacheRoot, old), { recursive: true, force: true });
    }
    mkdirSync(workDir, { recursive: true });
    console.log(`This machine runs Node ${process.version}; replaying the image's build on ${toolchain.version}.`);
    const stages = parseDockerfile(readFileSync(join(appRoot, 'Dockerfile'), 'utf8'));
    await buildImage({ repoRoot: appRoot, workDir, toolchain, stages });
  } else {
    console.log(`Reusing the image build of ${commit.slice(0, 12)} in ${appDir}.`);
  }
  return {
    node: toolchain.node,
    nodeVersion: toolchain.version,
    app: appDir,
    source: 'image build',
    commit,
    imageMajor,
    nodeOptions,
  };
}

/**
 * The benchmark servers, bundled from this checkout into <app>/dist/bench as
 * production bundles the server (build/server-bundle.ts): the yardsticks are built the
 * same way as the app they measure. The externals resolve from <app>'s node_modules.
 */
export const BENCH_ENTRIES = {
  raw: 'raw-fastify',
  rawPg: 'raw-pg',
  bare: 'bare-stack',
  app: 'bench-app',
  stockSignedIn: 'stock-signed-in',
  stockWrite: 'stock-write',
} as const;

export async function bundleBenchServers(app: string): Promise<void> {
  const outdir = join(app, 'dist', 'bench');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.values(BENCH_ENTRIES).map((name) => [name, join(appRoot, 'tools/bench/servers', `${name}.ts`)]),
    ),
    ...serverBundleOptions,
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    // For the profile summary, which names packages through the maps.
    sourcemap: true,
    sourcesContent: false,
  });
}
