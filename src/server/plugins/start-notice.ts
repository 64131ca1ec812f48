import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { publicUrl } from '../config.ts';
import type { AppServices } from '../trpc/context.ts';

/**
 * What an operator reads once the server listens: the address people should open
 * (PUBLIC_URL, else http://localhost:PORT; Fastify's own line names the socket, such
 * as 127.0.0.1), and, while no administrator exists, the one-time setup link that
 * creates one (docs/decisions/0019-first-run.md). The link goes to this log only,
 * which only the operator reads; a warning, so it shows at every usual LOG_LEVEL.
 */
export const startNoticePlugin = fp<{ services: AppServices }>(
  async (app, { services }) => {
    app.addHook('onListen', async () => {
      const address = addressToOpen(services, app.server.address());
      const admins = await services.db.user.count({ where: { role: 'admin' } }).catch((error: unknown) => {
        app.log.error({ err: error }, 'could not tell whether an administrator exists: no setup link printed');
        return undefined;
      });
      // Both lines at once, so a reader of the first has the second too.
      app.log.info({ url: address }, `Open ${address} in a browser.`);
      if (admins !== 0) return;
      const link = new URL(`/setup?token=${services.setupToken.value}`, address).href;
      app.log.warn(
        `No administrator yet. Open ${link} to create one. The link works once, only until an administrator exists; each start prints a new one.`,
      );
    });
  },
  { name: 'start-notice', dependencies: ['db'] },
);

/** PUBLIC_URL; without it, localhost on the port the server actually listens on (PORT=0 picks one). */
function addressToOpen(services: AppServices, listening: string | AddressInfo | null): string {
  const configured = publicUrl(services.config);
  if (services.config.PUBLIC_URL || typeof listening !== 'object' || !listening) return configured.origin;
  return `http://localhost:${listening.port}`;
}
