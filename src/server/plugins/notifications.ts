import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { engineOf } from '../db/engines.ts';
import { createNotificationListener, noNotifications, type NotificationListener } from '../db/notification-listener.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** PostgreSQL's LISTEN, one connection for the jobs and the live updates; a no-op on SQLite. */
    notifications: NotificationListener;
  }
}

/**
 * The instance's one LISTEN connection (PostgreSQL), opened when a part of the app first
 * listens and closed with the app. Engine-specific code (docs/decisions/0016).
 */
export const notificationsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const listener =
      engineOf(config.DATABASE_URL) === 'postgresql'
        ? createNotificationListener(config.DATABASE_URL, app.log.child({ source: 'notifications' }))
        : noNotifications;
    app.decorate('notifications', listener);
    app.addHook('onClose', async () => {
      await listener.close();
    });
  },
  { name: 'notifications', dependencies: ['db'] },
);
