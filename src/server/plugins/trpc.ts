import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import fp from 'fastify-plugin';
import { TRPC_MAX_BATCH_SIZE, TRPC_PATH } from '../../shared/transport.ts';
import { toAppError } from '../errors/to-app-error.ts';
import { publicUrl } from '../config.ts';
import { appRouter, type AppRouter } from '../router.ts';
import { createContextFactory, type AppServices } from '../trpc/context.ts';
import { requestScope } from '../trpc/request-scope.ts';

/**
 * Mounts the router at /trpc. tRPC's own Fastify plugin is not used because it
 * accepts multipart bodies with no size limit; this route accepts JSON only, so
 * Fastify's body limit covers every byte tRPC reads, and any other content type
 * gets 415 before a byte of it is read. Errors Fastify raises here are turned into
 * tRPC's shape by the not-found-and-errors plugin.
 */
export const trpcPlugin = fp<{ services: AppServices }>(
  async (app, { services }) => {
    const createContext = createContextFactory(services);
    const allowedOrigin = publicUrl(services.config).origin;
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      // Fastify's own JSON parser: malformed JSON gets a 400 here, and `__proto__` or
      // `constructor.prototype` keys are refused before any code sees them.
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'string' },
        scope.getDefaultJsonParser('error', 'error'),
      );
      // Cookies ride along on cross-site requests; a state change carrying one must come
      // from our own pages (CSRF). Scripts with an API key send no cookie and pass.
      scope.addHook('onRequest', async (req) => {
        if (req.method !== 'POST' || !req.headers.cookie) return;
        const site = req.headers['sec-fetch-site'];
        if (site === 'same-origin' || req.headers.origin === allowedOrigin) return;
        throw Object.assign(new Error('Cross-site request refused.'), { statusCode: 403 });
      });
      scope.route({
        method: ['GET', 'POST'],
        url: `${TRPC_PATH}/:path`,
        handler: async (req, reply) => {
          await requestScope.run({ requestId: req.id }, () =>
            fastifyRequestHandler<AppRouter, typeof req, typeof reply>({
              router: appRouter,
              req,
              res: reply,
              path: (req.params as { path: string }).path,
              createContext,
              maxBatchSize: TRPC_MAX_BATCH_SIZE,
              // tRPC sends errors raised before any procedure runs (an oversized batch)
              // as text/plain; every error body is JSON, so say so.
              responseMeta: ({ errors }) => (errors.length ? { headers: { 'content-type': 'application/json' } } : {}),
              onError: ({ error, path }) => {
                const appError = toAppError(error);
                if (appError.code === 'INTERNAL' || appError.code === 'UNAVAILABLE') {
                  req.log.error({ err: appError.cause ?? error, procedure: path }, 'procedure failed');
                } else {
                  req.log.info({ code: appError.code, procedure: path }, appError.message);
                }
              },
            }),
          );
        },
      });
    });
  },
  { name: 'trpc', dependencies: ['db'] },
);
