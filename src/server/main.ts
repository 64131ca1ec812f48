import type { Server, ServerResponse } from 'node:http';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/**
 * Starts the server and closes it gracefully on SIGTERM/SIGINT. Nothing else.
 * The shutdown sequence is in docs/operations.md (Probes and shutdown).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  let app: FastifyInstance | undefined;
  // An object: a flag set in the signal handler, which TypeScript's narrowing cannot see.
  const shutdown = { requested: false };
  const starting = buildApp(config).then((built) => (app = built));
  const inFlight = new Set<ServerResponse>();
  const logError = (facts: object, message: string) => {
    if (app) app.log.error(facts, message);
    else console.error(message);
  };

  // Installed before start-up, so a signal during migrations waits for them (a SQLite
  // migration killed halfway stays half-applied) instead of ending the process at once.
  closeWithGrace(
    {
      delay: config.SHUTDOWN_TIMEOUT_MS,
      // The library's own messages, as log lines like every other; it exits 1 after each.
      logger: {
        error: (err: unknown) => {
          logError({ err }, 'shutdown failed');
        },
      },
      onSecondSignal: (signal) => {
        logError({ signal }, 'second signal: exiting at once');
      },
      onTimeout: (delay) => {
        logError({ timeoutMs: delay }, 'shutdown timed out (SHUTDOWN_TIMEOUT_MS): exiting');
      },
    },
    async ({ signal, err }) => {
      shutdown.requested = true;
      const started = await starting.catch(() => undefined);
      if (!started) return;
      if (err) started.log.error({ err }, 'shutting down after an error');
      else started.log.info({ signal }, 'shutting down');
      closeConnectionsAsResponsesEnd(started.server, inFlight);
      // Stops accepting connections, answers requests on open ones with 503, waits for
      // those in flight, then runs onClose: work requests handed on, the e-mail
      // dispatcher, then the database.
      await started.close();
      started.log.info('shut down');
    },
  );

  const started = await starting;
  if (shutdown.requested) return;
  trackResponses(started.server, inFlight);
  await started.listen({ host: config.HOST, port: config.PORT });
  // Which build serves, in the log: the status page shows it to admins only.
  const { version, commit } = started.services.buildInfo;
  started.log.info({ version, commit }, 'serving this build');
}

function trackResponses(server: Server, inFlight: Set<ServerResponse>): void {
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
}

/**
 * Node closes idle keep-alive connections when the server closes, but not one whose
 * response ends afterwards: it stays open for the keep-alive timeout (72 s in Fastify)
 * and holds the close until SHUTDOWN_TIMEOUT_MS kills the process
 * (https://github.com/fastify/fastify/issues/7044). So each response still in flight
 * tells its client the connection closes, and once it ends the connection is closed.
 */
function closeConnectionsAsResponsesEnd(server: Server, inFlight: Set<ServerResponse>): void {
  for (const res of inFlight) {
    if (!res.headersSent) res.setHeader('connection', 'close');
    res.once('finish', () => {
      server.closeIdleConnections();
    });
  }
}

main().catch((error: unknown) => {
  // One line naming what is wrong: an operator reads it in a container's log.
  console.error(error instanceof ConfigError ? error.message : `Start-up failed: ${String(error)}`);
  if (!(error instanceof ConfigError) && error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
