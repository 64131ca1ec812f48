import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Starts the server and closes it gracefully on SIGTERM/SIGINT. Nothing else. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  // One line naming what is wrong: an operator reads it in a container's log.
  console.error(error instanceof ConfigError ? error.message : `Start-up failed: ${String(error)}`);
  if (!(error instanceof ConfigError) && error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
