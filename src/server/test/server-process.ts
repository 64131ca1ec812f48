import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { appRoot } from '../paths.ts';
import { atFileEnd } from './file-end.ts';
import { fakeClientBuild } from './fake-client-build.ts';

/** The origin the server believes is its own when PUBLIC_URL is unset (PORT=0). */
export const ORIGIN = 'http://localhost:0';

export interface ServerProcess {
  url: string;
  port: number;
  /** Everything the process printed so far (JSON log lines and stderr). */
  output: () => string;
  /** Resolves with the first output line matching `pattern` (already printed or still to come). */
  logLine: (pattern: RegExp) => Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  child: ChildProcessWithoutNullStreams;
}

/** How the tests run the real server: `node --import tsx src/server/main.ts`, from the project folder. */
export const MAIN_ARGS = ['--import', 'tsx', 'src/server/main.ts'];

/** A test server's environment: the test's own, with info logs on loopback, then `env`. */
export function serverEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env };
}

/**
 * The real server on the given environment (DATABASE_URL at least), on a free
 * loopback port, starting now; killed after the file. Rate limits are lifted: the
 * tests fire bursts from one address.
 */
export function spawnServer(env: Record<string, string>): Omit<ServerProcess, 'url' | 'port'> {
  const child = spawn(process.execPath, MAIN_ARGS, {
    cwd: appRoot,
    env: serverEnv({
      PORT: '0',
      CLIENT_DIST_DIR: fakeClientBuild(),
      AUTH_RATE_LIMIT: '1000000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // A server the test left running is killed when its file ends.
  atFileEnd(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiting]) {
      const line = output.split('\n').find((candidate) => waiter.pattern.test(candidate));
      if (line !== undefined) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = once(child, 'exit').then(([code, signal]) => {
    return { code: code as number | null, signal: signal as NodeJS.Signals | null };
  });
  const logLine = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const line = output.split('\n').find((candidate) => pattern.test(candidate));
      if (line !== undefined) {
        resolve(line);
        return;
      }
      waiting.push({ pattern, resolve });
      void exited.then(() => {
        reject(new Error(`The server exited before logging ${pattern}:\n${output}`));
      });
    });
  return { output: () => output, logLine, exited, child };
}

/** `spawnServer`, once it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(env);
  const listening = await server.logLine(/Server listening at/);
  const url = /(http:\/\/[\d.]+:\d+)/.exec(listening)?.[1] ?? '';
  return { ...server, url, port: Number(new URL(url).port) };
}

export interface HttpAnswer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One request on a connection of its own (no keep-alive pool in the way). */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, headers: res.headers });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A tRPC mutation over HTTP, as the browser app sends it (superjson envelope, same-origin). */
export function trpcMutation(url: string, path: string, input: unknown): Promise<HttpAnswer> {
  return httpRequest(`${url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ json: input }),
  });
}

/** The catalogue code of a tRPC error answer, if it is one. */
export function appCodeOf(answer: HttpAnswer): string | undefined {
  try {
    return (JSON.parse(answer.body) as { error?: { json?: { data?: { appCode?: string } } } }).error?.json?.data
      ?.appCode;
  } catch {
    return undefined;
  }
}
