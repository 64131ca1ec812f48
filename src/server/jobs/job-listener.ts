import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { JOBS_CHANNEL } from './enqueue.ts';

export interface JobListener {
  close(): Promise<void>;
}

const RECONNECT_MS = 5_000;

/**
 * PostgreSQL only: LISTENs on the jobs channel on a connection of its own (outside the
 * pool), so a job committed by any instance wakes this one's idle workers at once.
 * Polling stays the fallback: while the connection is down (reconnected every 5 s), a
 * job waits at most the poll interval.
 */
export function listenForJobs(databaseUrl: string, log: FastifyBaseLogger, onJob: () => void): JobListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const connection = new pg.Client({ connectionString: databaseUrl });
    client = connection;
    connection.on('notification', () => {
      onJob();
    });
    connection.on('error', (error) => {
      log.warn({ error: error.message }, 'job notifications lost; polling until they reconnect');
      void connection.end().catch(() => undefined);
      schedule();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${JOBS_CHANNEL}`);
      if (closed) await connection.end();
      // Work committed while the connection was down is found now.
      else onJob();
    } catch (error) {
      log.warn({ error: (error as Error).message }, 'job notifications unavailable; polling until they connect');
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
  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
