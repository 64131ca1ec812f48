import { join } from 'node:path';
import { prepareSource } from './build-context.ts';
import { dockerfileNodeMajor, PRUNE, readStages, type RuntimeStage, type Stage } from './dockerfile.ts';
import { applyDockerignore } from './dockerignore.ts';
import { run } from './processes.ts';
import { assembleRuntime, assertPruned, sizeInMegabytes } from './runtime-image.ts';
import { step } from './steps.ts';
import { assertNodeMajor, type Toolchain } from './toolchain.ts';

export interface BuiltImage {
  /** The build stage's folder: the sources with everything installed, built, then pruned. */
  contextDir: string;
  /** The runtime stage's folder: only what its `COPY --from` lines take. */
  appDir: string;
  runtime: RuntimeStage;
  commit: string;
}

/**
 * The image's build without Docker: the build context (a clone of HEAD, trimmed by
 * .dockerignore), the build stage's npm ci, build and prune on the image's Node, then the
 * runtime stage's copies into `<workDir>/app`. verify:container runs it, then starts the
 * result; the benchmark measures the result.
 */
export async function buildImage({
  repoRoot,
  workDir,
  toolchain,
  stages,
}: {
  repoRoot: string;
  workDir: string;
  toolchain: Toolchain;
  stages: Stage[];
}): Promise<BuiltImage> {
  const { buildStage, runtime } = await step('Read the Dockerfile', () => {
    assertNodeMajor(dockerfileNodeMajor(stages), toolchain);
    return readStages(stages);
  });

  const contextDir = join(workDir, 'context');
  const appDir = join(workDir, 'app');
  const source = await step(`Prepare the build context (${process.env.VERIFY_SOURCE ?? 'clone'})`, async () => {
    const prepared = await prepareSource(toolchain, repoRoot, contextDir);
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
  return { contextDir, appDir, runtime, commit: source.commit };
}
