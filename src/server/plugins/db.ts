import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { databaseOptionsFrom, openDatabase, type Database } from '../db/client.ts';
import { openMigratedDatabase } from '../db/migrate-on-start.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/**
 * Opens the database for the app's lifetime. With MIGRATE_ON_START (the default),
 * pending migrations are applied first, so a new container or a fresh clone starts on
 * an up-to-date schema (on PostgreSQL, one instance at a time: see migrations.ts); the
 * schema engine runs only when the history table differs from the folder
 * (migrate-on-start.ts), and then in a child process whose memory leaves with it
 * (migration-process.ts). `onConnectionWait` hears how long each query
 * waited for the one SQLite connection (the figure a metric of pool waits shows).
 */
export const dbPlugin = fp<{ config: Config; onConnectionWait?: (waitedMs: number) => void }>(
  async (app, { config, onConnectionWait }) => {
    const options = databaseOptionsFrom(config, onConnectionWait);
    let db: Database;
    if (config.MIGRATE_ON_START) {
      const migrated = await openMigratedDatabase(options);
      if (migrated.applied.length) app.log.info({ applied: migrated.applied }, 'applied database migrations');
      db = migrated.db;
    } else {
      db = await openDatabase(options);
    }
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.$disconnect();
    });
  },
  { name: 'db' },
);
