import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** One LISTEN connection per instance, shared by whoever wants a channel's NOTIFY. */
export interface NotificationListener {
  /**
   * Calls `onNotify` on every NOTIFY on `channel`, and once after each (re)connect, so
   * what was committed while the connection was down is looked for then. Answers the
   * way to stop.
   */
  listen(channel: string, onNotify: () => void): () => void;
  close(): Promise<void>;
}

const RECONNECT_MS = 5_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The listener of an engine without NOTIFY (SQLite: one process, woken in-process). */
export const noNotifications: NotificationListener = {
  listen: () => () => undefined,
  close: async () => undefined,
};

/**
 * PostgreSQL only: LISTENs on a connection of its own (outside the pool), so a row
 * committed by any instance wakes this one at once (the jobs' workers, the live
 * updates' feed). Each user keeps polling as its fallback: while the connection is
 * down (reconnected every 5 s), nothing is lost, only later. Connects on the first
 * `listen`.
 */
export function createNotificationListener(databaseUrl: string, log: FastifyBaseLogger): NotificationListener {
  const handlers = new Map<string, Set<() => void>>();
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const notifyAll = () => {
    for (const set of handlers.values()) for (const handler of set) handler();
  };
  const connect = async () => {
    const connection = new pg.Client({ connectionString: databaseUrl });
    client = connection;
    connected = false;
    connection.on('notification', ({ channel }) => {
      for (const handler of handlers.get(channel) ?? []) handler();
    });
    connection.on('error', (error) => {
      log.warn({ error: error.message }, 'database notifications lost; polling until they reconnect');
      connected = false;
      void connection.end().catch(() => undefined);
      schedule();
    });
    try {
      await connection.connect();
      for (const channel of handlers.keys()) await connection.query(`LISTEN ${channel}`);
      if (closed) {
        await connection.end();
        return;
      }
      connected = true;
      // Work committed while the connection was down is found now.
      notifyAll();
    } catch (error) {
      log.warn({ error: (error as Error).message }, 'database notifications unavailable; polling until they connect');
      void connection.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };

  return {
    listen(channel, onNotify) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const isNew = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onNotify);
      if (!client && !closed) void connect();
      else if (isNew && connected) {
        void client?.query(`LISTEN ${channel}`).then(onNotify, () => undefined);
      }
      return () => {
        set.delete(onNotify);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
