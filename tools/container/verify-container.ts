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
 *   KEEP_VERIFY_DIR=1              keep the temporary folder (its app/ can feed `npm run load -- --app`)
 *
 * The steps live in ./container/, one concern per file; this file only puts them in order.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildImage } from './build-image.ts';
import { dockerfileNodeMajor, parseDockerfile, type RuntimeStage } from './dockerfile.ts';
import { freePort } from '../../src/server/test/free-port.ts';
import { killLiveChildren, startServer, stopGracefully, waitUntilReady } from './processes.ts';
import { checkAppShell, checkCommit, checkHealthcheck, checkHealthz } from './probes.ts';
import { printTimings, step, VerifyError } from './steps.ts';
import { resolveToolchain, type Toolchain } from './toolchain.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

async function verify(workDir: string): Promise<void> {
  const stages = parseDockerfile(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8'));
  const toolchain = await step("Find a node of the image's major", () => resolveToolchain(dockerfileNodeMajor(stages)));
  const image = await buildImage({ repoRoot, workDir, toolchain, stages });
  await runAndProbe(image.runtime, toolchain, image.appDir, workDir, image.commit);
}

async function runAndProbe(
  runtime: RuntimeStage,
  toolchain: Toolchain,
  appDir: string,
  workDir: string,
  commit: string,
) {
  const port = await freePort();
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
  await step('Probe /healthz, the logged commit, / and the HEALTHCHECK', async () => {
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

process.exitCode = await main();
