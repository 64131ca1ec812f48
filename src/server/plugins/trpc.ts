import { fastifyRequestHandler, type FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../shared/errors.ts';
import { TRPC_MAX_BATCH_SIZE, TRPC_PATH } from '../../shared/transport.ts';
import { allowedOriginsOf, crossSiteRefusal } from '../features/auth/cross-site-check.ts';
import { publicUrl } from '../config.ts';
import { toAppError } from '../errors/to-app-error.ts';
import type { AppRouter } from '../router.ts';
import { createContextFactory, type AppServices } from '../trpc/context.ts';
import { MAX_INPUT_DEPTH, nestsDeeperThan } from '../trpc/json-depth.ts';
import { fieldOfBodyPath, nonFinitePath } from '../trpc/non-finite-numbers.ts';
import { requestScope } from '../trpc/request-scope.ts';

/** A JSON body or query input nested too deep: the error edge answers it as BAD_REQUEST. */
const tooDeep = () =>
  Object.assign(new Error(`Input nested deeper than ${MAX_INPUT_DEPTH} levels.`), { statusCode: 400 });

/** HEAD on a procedure: the error edge answers it as METHOD_NOT_ALLOWED. */
const methodNotAllowed = () =>
  Object.assign(new Error('HEAD is not served here: call a query with GET, a mutation with POST.'), {
    statusCode: 405,
  });

/**
 * Mounts the router at /trpc. tRPC's own Fastify plugin is not used because it
 * accepts multipart bodies with no size limit; this route accepts JSON only, so
 * Fastify's body limit covers every byte tRPC reads, and any other content type
 * gets 415 before a byte of it is read. Errors Fastify raises here are turned into
 * tRPC's shape by the not-found-and-errors plugin.
 * Calls go to tRPC's own Fastify request handler. `mountPath` lets a test mount a
 * router of its own beside the app's /trpc.
 */
export const trpcPlugin = fp<{ services: AppServices; router: AppRouter; mountPath?: string }>(
  async (app, { services, router, mountPath = TRPC_PATH }) => {
    const allowedOrigins = allowedOriginsOf(services.config);
    // The same for every call: made once, not per request.
    const handlerOptions: FastifyHandlerOptions<AppRouter, FastifyRequest, FastifyReply> = {
      router,
      createContext: createContextFactory(services),
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      // A query too long for a URL may come as POST (src/shared/trpc-client-links.ts); a
      // mutation is still never accepted over GET.
      allowMethodOverride: true,
      // tRPC sends errors raised before any procedure runs (an oversized batch)
      // as text/plain; every error body is JSON, so say so.
      responseMeta: ({ errors }) => (errors.length ? { headers: { 'content-type': 'application/json' } } : {}),
      // Every error tRPC answers, once per failing call: a procedure's, and those
      // raised before any procedure runs (unknown procedure, oversized batch).
      onError: ({ error, path, req }) => {
        const appError = toAppError(error);
        services.metrics.errors.inc({ code: appError.code });
        if (appError.code === 'STORAGE_FULL') app.storageFull.record();
        if (appError.code === 'INTERNAL' || appError.code === 'UNAVAILABLE' || appError.code === 'STORAGE_FULL') {
          req.log.error({ err: appError.cause ?? error, procedure: path }, 'procedure failed');
        } else {
          req.log.info({ code: appError.code, procedure: path }, appError.message);
        }
      },
    };
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      // Fastify's own JSON parser: malformed JSON gets a 400 here, and `__proto__` or
      // `constructor.prototype` keys are refused before any code sees them. A number
      // too large for a double (1e309) would reach tRPC as null: refused, by its field.
      const parseJson = scope.getDefaultJsonParser('error', 'error');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
        if (nestsDeeperThan(String(body), MAX_INPUT_DEPTH)) {
          done(tooDeep());
          return;
        }
        void parseJson(req, String(body), (error, parsed: unknown) => {
          const path = error ? undefined : nonFinitePath(parsed);
          if (!path) {
            done(error, parsed);
            return;
          }
          const isBatch = (req.query as { batch?: unknown }).batch === '1';
          const field = fieldOfBodyPath(path, isBatch);
          done(new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: ['Expected a finite number'] } }));
        });
      });
      // A query's input arrives in the URL: the same depth limit applies.
      scope.addHook('preHandler', (req, _reply, done) => {
        const input = (req.query as { input?: unknown }).input;
        done(typeof input === 'string' && nestsDeeperThan(input, MAX_INPUT_DEPTH) ? tooDeep() : undefined);
      });
      // Before the body is read: a forged form post is refused, never parsed. The error
      // edge logs the reason and answers the refusal's catalogue code; a page opened
      // under another address is told which one to open (it is in every e-mailed link).
      const publicAddress = publicUrl(services.config).origin;
      scope.addHook('onRequest', (req, _reply, done) => {
        const refusal = crossSiteRefusal(req, allowedOrigins);
        if (!refusal) {
          done();
          return;
        }
        const cause = new Error(refusal.reason);
        done(
          refusal.code === 'ORIGIN_NOT_ALLOWED'
            ? new AppError(refusal.code, {
                message: `This page's address is not this server's public address. Open ${publicAddress} instead.`,
                details: { publicUrl: publicAddress },
                cause,
              })
            : new AppError(refusal.code, { cause }),
        );
      });
      // Fastify would answer HEAD by running the GET handler, whose answer (tRPC's
      // Response) its HEAD hook cannot read: a 500. A HEAD would also run the query
      // only to drop its answer; no tRPC client sends one. So it is refused, saying
      // which methods are served.
      scope.route({
        method: 'HEAD',
        url: `${mountPath}/:path`,
        handler: async (_req, reply) => {
          void reply.header('allow', 'GET, POST');
          throw methodNotAllowed();
        },
      });
      scope.route({
        method: ['GET', 'POST'],
        url: `${mountPath}/:path`,
        exposeHeadRoute: false,
        // The request id in scope for what has no context to read it from: errors raised
        // before a context exists, and e-mails queued from inside the auth library.
        handler: (req, reply) =>
          requestScope.run({ requestId: req.id }, () =>
            fastifyRequestHandler({ ...handlerOptions, req, res: reply, path: (req.params as { path: string }).path }),
          ),
      });
    });
  },
  { name: 'trpc', dependencies: ['db', 'health'] },
);
