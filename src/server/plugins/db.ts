import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { databaseOptionsFrom, openDatabase, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/**
 * Opens the database for the app's lifetime. With MIGRATE_ON_START (the default),
 * pending migrations are applied first, so a new container or a fresh clone
 * starts on an up-to-date schema (on PostgreSQL, one instance at a time: see
 * migrations.ts). `onConnectionWait` hears how long each query
 * waited for the one SQLite connection (the figure a metric of pool waits shows).
 */
export const dbPlugin = fp<{ config: Config; onConnectionWait?: (waitedMs: number) => void }>(
  async (app, { config, onConnectionWait }) => {
    if (config.MIGRATE_ON_START) {
      const applied = await migrateDatabase(config.DATABASE_URL);
      if (applied.length) app.log.info({ applied }, 'applied database migrations');
    }
    const db = await openDatabase(databaseOptionsFrom(config, onConnectionWait));
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.$disconnect();
    });
  },
  { name: 'db' },
);
