import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { VerifyError } from './steps.ts';

const READY_TIMEOUT_MS = 30_000;
/** docker stop's default grace period; the server's SHUTDOWN_TIMEOUT_MS (8 s by default) ends within it. */
const SHUTDOWN_LIMIT_MS = 10_000;

/** Every child still running, so an interrupted or failed replay leaves none behind. */
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
  /** Every line the server has written to stdout so far (its JSON log); none when started quiet. */
  output: string[];
}

/** Starts the server with its output prefixed, so it reads apart from this script's. */
export function startServer(
  command: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  port: number,
  { quiet = false }: { quiet?: boolean } = {},
): RunningServer {
  const [executable = 'node', ...args] = command;
  const child = spawn(executable, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  liveChildren.add(child);
  // Quiet: the log lines (stdout) are read, as a container runtime reads them, and dropped;
  // otherwise kept for the probes, and shown. stderr is always shown.
  const output: string[] = [];
  const show = (line: string) => {
    console.log(`[server] ${line}`);
  };
  if (quiet) child.stdout.resume();
  else
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      show(line);
    });
  createInterface({ input: child.stderr }).on('line', show);
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
  return { child, exited, baseUrl: `http://127.0.0.1:${port}`, output };
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

/** SIGKILL to every child still running: for clean-up, not for a graceful stop. */
export function killLiveChildren(): void {
  for (const child of liveChildren) child.kill('SIGKILL');
}
