import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appRoot } from '../paths.ts';
import type { MigrationPaths } from './engines.ts';

/**
 * Applies pending migrations in a short-lived child process, so the server never loads
 * the schema engine: in the server, the engine's WebAssembly memory would stay until the
 * next restart, while a child's goes back to the system when it exits
 * (docs/decisions/0043-migrations-in-a-child-process.md).
 */

/** What the server asks of the child, sent over IPC: a URL in argv would show in `ps`. */
export interface MigrationRequest {
  databaseUrl: string;
  paths?: MigrationPaths;
}

/** The child's one answer before it exits. */
export type MigrationReply =
  { applied: string[] } | { error: { message: string; name?: string; code?: string; stack?: string } };

/** A start-up's migrations failed, or their process ended without an answer. */
export class MigrationProcessError extends Error {
  override name = 'MigrationProcessError';

  constructor(
    message: string,
    /** The child's exit code, or null when a signal ended it. */
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    /** The schema engine's or the driver's error code (P3009, P3018, 28P01…), when it had one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The last characters of the child's stderr kept for the error: a crash's last words. */
const STDERR_TAIL = 4_000;

/**
 * The child's entry and Node flags. From source (tsx: `npm run dev`, the tests), the
 * TypeScript entry beside this file under tsx's loader; from the production bundle, its
 * own entry beside main.js (tools/build/build-server.ts). The server's own flags are not
 * passed on: `--inspect` would clash on its port, `--cpu-prof` would profile the child.
 * NODE_OPTIONS (the image's heap limits) still reaches it through the environment.
 */
function childCommand(): { entry: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { entry: join(dirname(here), 'migration-child.ts'), execArgv: ['--import', tsx] };
  }
  return { entry: join(appRoot, 'dist', 'server', 'migrate.js'), execArgv: [] };
}

/**
 * Runs `migrateDatabase` (migrations.ts) in a child process and resolves with the
 * migrations it applied. Rejects with a MigrationProcessError carrying the child's
 * message (and its stack, for the log) and exit code when it fails or dies. The child
 * takes PostgreSQL's advisory lock itself, as the server did, so several instances
 * starting together still migrate one at a time.
 */
export function migrateInChildProcess(databaseUrl: string, paths?: MigrationPaths): Promise<string[]> {
  const { entry, execArgv } = childCommand();
  return new Promise((resolve, reject) => {
    const child = fork(entry, [], {
      execArgv,
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      serialization: 'json',
    });
    let reply: MigrationReply | undefined;
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      process.stderr.write(chunk);
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('message', (message: MigrationReply) => {
      reply = message;
    });
    child.once('error', reject);
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
      if (reply && 'applied' in reply && code === 0) {
        resolve(reply.applied);
        return;
      }
      reject(failure(reply, code, signal, stderr));
    });
    const request: MigrationRequest = { databaseUrl, ...(paths ? { paths } : {}) };
    child.send(request);
  });
}

function failure(
  reply: MigrationReply | undefined,
  code: number | null,
  signal: NodeJS.Signals | null,
  stderr: string,
): MigrationProcessError {
  const ended = signal ? `was ended by ${signal}` : `exited with code ${String(code)}`;
  if (reply && 'error' in reply) {
    const error = new MigrationProcessError(
      `Migrating the database failed (the migration process ${ended}): ${reply.error.name ?? 'Error'}: ${reply.error.message}`,
      code,
      signal,
      reply.error.code,
    );
    // The child's frames say where it failed; this process's would only show the wait.
    const frames = reply.error.stack?.split('\n').filter((line) => line.startsWith('    at '));
    if (frames?.length) error.stack = [`${error.name}: ${error.message}`, ...frames].join('\n');
    return error;
  }
  const output = stderr.trim();
  return new MigrationProcessError(
    `Migrating the database failed: the migration process ${ended} before it answered${output ? `. Its last output:\n${output}` : ''}`,
    code,
    signal,
  );
}
