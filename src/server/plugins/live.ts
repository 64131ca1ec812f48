import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { createChangeFeed } from '../live/change-feed.ts';
import { createLiveStreams, type LiveStreams } from '../live/live-streams.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live-update streams this instance holds (docs/decisions/0040-live-updates.md). */
    live: LiveStreams;
  }
}

/**
 * Live updates: the instance's change feed (one reader of the ChangeEvent table, woken
 * by local commits, NOTIFY and a poll) and the streams over it, with their limits. At
 * shutdown every stream is ended before the server stops waiting for requests, so an
 * open stream never holds the shutdown window; its client reconnects to another
 * instance and resumes where it stopped.
 */
export const livePlugin = fp<{ config: Config; metrics: AppMetrics }>(
  async (app, { config, metrics }) => {
    const feed = createChangeFeed({
      db: app.db,
      notifications: app.notifications,
      log: app.log.child({ source: 'live' }),
    });
    const streams = createLiveStreams(feed, {
      maxStreams: config.LIVE_MAX_STREAMS,
      perSession: config.LIVE_STREAMS_PER_SESSION,
    });
    app.decorate('live', streams);
    metrics.onScrape('live_streams', 'Live-update streams (server-sent events) open on this instance', [], (gauge) => {
      gauge.set(streams.count());
    });
    let closingIdle: NodeJS.Timeout | undefined;
    app.addHook('preClose', (done) => {
      streams.close();
      // A stream's connection is idle once its answer ends: closed then, rather than when
      // the client's keep-alive runs out (the server waits for every connection).
      closingIdle = setInterval(() => {
        app.server.closeIdleConnections();
      }, 50);
      closingIdle.unref();
      done();
    });
    app.addHook('onClose', async () => {
      clearInterval(closingIdle);
      feed.stop();
    });
  },
  { name: 'live', dependencies: ['db', 'notifications'] },
);
