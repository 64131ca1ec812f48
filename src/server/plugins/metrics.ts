import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Registry } from 'prom-client';
import type { AppMetrics } from '../metrics/app-metrics.ts';

/**
 * Where Prometheus scrapes. Never a page: on the app's port it is the metrics, a 401,
 * or a JSON 404 when they are off or on their own port, never the HTML shell
 * (plugins/not-found-and-errors.ts), which would read as a 200 to a scraper.
 */
export const METRICS_PATH = '/metrics';

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

async function sendMetrics(registry: Registry, reply: FastifyReply) {
  const body = await registry.metrics();
  return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
}

/**
 * Prometheus metrics. Every response is timed by route and status. `/metrics` is
 * served only when configured: on the app's port to `Authorization: Bearer
 * METRICS_TOKEN`, or unauthenticated on METRICS_PORT (a port kept off the public
 * network). With neither, it does not exist, and nothing is recorded or timed
 * (metrics without a registry: src/server/metrics/unread-metrics.ts).
 */
export const metricsPlugin = fp<{ config: Config; metrics: AppMetrics }>(
  async (app, { config, metrics }) => {
    const registry = metrics.registry;
    if (!registry) return;
    app.addHook('onResponse', (req, reply, done) => {
      metrics.httpDuration.observe(
        { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const token = config.METRICS_TOKEN;
    if (token) {
      app.get(METRICS_PATH, { logLevel: 'warn' }, async (req, reply) => {
        const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        if (!sameSecret(given, token)) {
          throw Object.assign(new Error('A metrics token is required.'), { statusCode: 401 });
        }
        return sendMetrics(registry, reply);
      });
    }

    if (config.METRICS_PORT !== undefined) {
      let server: FastifyInstance | undefined;
      app.addHook('onReady', async () => {
        server = Fastify({ logger: false });
        server.get(METRICS_PATH, async (_req, reply) => sendMetrics(registry, reply));
        await server.listen({ host: config.HOST, port: config.METRICS_PORT });
        app.log.info({ port: config.METRICS_PORT }, 'metrics served on their own port');
      });
      app.addHook('onClose', async () => {
        await server?.close();
      });
    }
  },
  { name: 'metrics' },
);
