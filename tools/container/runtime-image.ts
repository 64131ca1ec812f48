import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { argsOf, PRUNE, type RuntimeStage, type Stage } from './dockerfile.ts';
import { VerifyError } from './steps.ts';

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

/** Moves what the runtime stage copies from the build stage into `appDir`, and nothing else. */
export function assembleRuntime(runtime: RuntimeStage, buildStage: Stage, buildDir: string, appDir: string): string[] {
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

/** The prune left no build tools behind and kept what the server needs to start. */
export function assertPruned(appDir: string): void {
  const left = DEV_TOOLS.filter((tool) => existsSync(join(appDir, 'node_modules', tool)));
  if (left.length) throw new VerifyError(`Dev tools remain after ${PRUNE.join(' ')}: ${left.join(', ')}`);
  const missing = RUNTIME_FILES.filter((file) => !existsSync(join(appDir, file)));
  if (missing.length) throw new VerifyError(`The runtime lacks: ${missing.join(', ')}`);
}

/** The disk size of a file or folder, symbolic links counted as themselves. */
export function sizeInMegabytes(path: string): number {
  const bytes = (entry: string): number => {
    const stats = lstatSync(entry);
    if (!stats.isDirectory()) return stats.size;
    return readdirSync(entry).reduce((sum, child) => sum + bytes(join(entry, child)), 0);
  };
  return Math.round(bytes(path) / 1024 / 1024);
}
