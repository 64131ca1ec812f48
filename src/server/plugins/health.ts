import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { pendingMigrations } from '../db/applied-migrations.ts';
import { projectMigrationNames } from '../db/migration-folder.ts';
import { createStorageFullLatch, type StorageFullLatch } from '../db/storage-full-latch.ts';
import { storageRoom } from '../db/storage-room.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Told when a write fails for lack of room; /readyz reads it (db/storage-full-latch.ts). */
    storageFull: StorageFullLatch;
  }
}

const quieter = ['fatal', 'error', 'silent'];

/**
 * Plain HTTP probes for orchestrators:
 * - /healthz: the process answers (no dependencies, so a slow database never
 *   gets a healthy process restarted);
 * - /readyz: the database answers, every migration in the image is applied, and
 *   the storage has room again after a write found it full, asked anew on every
 *   probe, so it recovers without a restart.
 * Outside these handlers, readiness fails by refusal: nothing listens until the
 * database is migrated and open (main.ts listens after buildApp), and from the
 * first moment of shutdown the listener is closed and Fastify answers any request
 * on a connection still open with 503 (docs/decisions/0014-durability-and-lifecycle.md).
 */
export const healthPlugin = fp<{ logLevel: Config['LOG_LEVEL']; databaseUrl: string }>(
  async (app, { logLevel: configured, databaseUrl }) => {
    const expected = projectMigrationNames(databaseUrl);
    // Probes arrive every few seconds: log their failures, not every request.
    const logLevel = quieter.includes(configured) ? configured : 'warn';
    const storageFull = createStorageFullLatch({ checkRoom: () => storageRoom(app.db, databaseUrl) });
    app.decorate('storageFull', storageFull);

    app.get('/healthz', { logLevel }, async (_req, reply) => {
      await reply.header('cache-control', 'no-store').send({ status: 'ok' });
    });

    app.get('/readyz', { logLevel }, async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      let pending: string[];
      try {
        pending = await pendingMigrations(app.db, expected);
      } catch (error) {
        req.log.warn({ err: error }, 'readiness: database unreachable');
        return reply.code(503).send({ status: 'unready', reason: 'database unavailable' });
      }
      if (pending.length) return reply.code(503).send({ status: 'unready', reason: 'migrations pending', pending });
      if (await storageFull.isFull()) return reply.code(503).send({ status: 'unready', reason: 'storage full' });
      return reply.send({ status: 'ready' });
    });
  },
  { name: 'health', dependencies: ['db'] },
);
