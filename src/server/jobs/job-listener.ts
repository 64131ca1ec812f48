import type { FastifyBaseLogger } from 'fastify';
import { createNotificationListener, type NotificationListener } from '../db/notification-listener.ts';
import { JOBS_CHANNEL } from './enqueue.ts';

/**
 * PostgreSQL only: a listener of its own on the jobs channel, for a test that runs
 * instances without the app. The app shares one listener (plugins/notifications.ts).
 */
export function listenForJobs(databaseUrl: string, log: FastifyBaseLogger, onJob: () => void): NotificationListener {
  const listener = createNotificationListener(databaseUrl, log);
  listener.listen(JOBS_CHANNEL, onJob);
  return listener;
}
