import type { RuntimeStage } from './dockerfile.ts';
import { run, type RunningServer } from './processes.ts';
import { VerifyError } from './steps.ts';
import type { Toolchain } from './toolchain.ts';

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (response.status !== 200)
    throw new VerifyError(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** /healthz answers 200 with status ok. */
export async function checkHealthz(server: RunningServer): Promise<void> {
  const body = (await getJson(`${server.baseUrl}/healthz`)) as { status?: string };
  if (body.status !== 'ok') throw new VerifyError(`/healthz answered ${JSON.stringify(body)}`);
}

/**
 * The commit the server says it serves, from its start-up log line ("serving this
 * build"): the status page shows build details to admins only. The line follows
 * `listen`, so it may trail /readyz by a moment.
 */
export async function checkCommit(server: RunningServer, expected: string): Promise<void> {
  const loggedCommit = () =>
    server.output.flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: unknown; commit?: unknown };
        return entry.msg === 'serving this build' ? [entry.commit] : [];
      } catch {
        return [];
      }
    })[0];
  const deadline = Date.now() + 5_000;
  while (loggedCommit() === undefined && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
  const commit = loggedCommit();
  if (commit !== expected) throw new VerifyError(`The server logs commit ${String(commit)}, expected ${expected}.`);
}

/** GET / serves the React app's HTML shell. */
export async function checkAppShell(server: RunningServer): Promise<void> {
  const response = await fetch(`${server.baseUrl}/`, { signal: AbortSignal.timeout(5_000) });
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html')) {
    throw new VerifyError(`GET / answered ${response.status} ${type}, expected 200 text/html.`);
  }
}

/** The image's own HEALTHCHECK command, run as Docker would, with the replay's node. */
export async function checkHealthcheck(
  runtime: RuntimeStage,
  toolchain: Toolchain,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const [executable = '', ...args] = runtime.healthcheck;
  await run(executable === 'node' ? toolchain.node : executable, args, { cwd, env });
}
