import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyRequest } from 'fastify';
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

/** A method other than GET and POST: the error edge answers it as METHOD_NOT_ALLOWED. */
const methodNotAllowed = () =>
  Object.assign(new Error('Call a query with GET, a mutation with POST.'), { statusCode: 405 });

/** A body that is not UTF-8 JSON: the error edge answers it as UNSUPPORTED_MEDIA_TYPE. */
const unsupportedMediaType = () =>
  Object.assign(new Error('Send the input as JSON in UTF-8 (Content-Type: application/json).'), { statusCode: 415 });

/** `application/json`, with no parameter or with `charset=utf-8` only. */
const JSON_UTF8 = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/** Whether the request carries a body at all. */
const hasBody = (req: FastifyRequest) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Mounts the router at /trpc with tRPC's own Fastify plugin. Around it, before a byte
 * of a body is read: a forged cross-site call is refused, a method other than GET and
 * POST gets 405, and a body that is not UTF-8 JSON gets 415 (the plugin would stream a
 * multipart body with no size limit). A JSON body is read within Fastify's body limit
 * and checked before tRPC parses it: nesting depth, `__proto__` keys, numbers too large
 * for a double. Errors raised here are turned into tRPC's shape by the
 * not-found-and-errors plugin. `mountPath` lets a test mount a router of its own beside
 * the app's /trpc.
 */
export const trpcPlugin = fp<{ services: AppServices; router: AppRouter; mountPath?: string }>(
  async (app, { services, router, mountPath = TRPC_PATH }) => {
    const allowedOrigins = allowedOriginsOf(services.config);
    const trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'] = {
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
    const publicAddress = publicUrl(services.config).origin;
    await app.register(async (scope) => {
      scope.addHook('onRequest', (req, reply, done) => {
        // Before the body is read: a forged form post is refused, never parsed. The error
        // edge logs the reason and answers the refusal's catalogue code; a page opened
        // under another address is told which one to open (it is in every e-mailed link).
        const refusal = crossSiteRefusal(req, allowedOrigins);
        if (refusal) {
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
          return;
        }
        // A HEAD would run the query only to drop its answer; no tRPC client sends one.
        if (req.method !== 'GET' && req.method !== 'POST') {
          void reply.header('allow', 'GET, POST');
          done(methodNotAllowed());
          return;
        }
        if (hasBody(req) && !JSON_UTF8.test(req.headers['content-type'] ?? '')) {
          done(unsupportedMediaType());
          return;
        }
        // The request id in scope for what has no context to read it from: errors raised
        // before a context exists, and e-mails queued from inside the auth library.
        requestScope.run({ requestId: req.id }, done);
      });
      // Fastify's own JSON parser checks the text tRPC then parses: malformed JSON gets a
      // 400 here, and `__proto__` or `constructor.prototype` keys are refused before any
      // code sees them. A number too large for a double (1e309) would reach tRPC as null:
      // refused, by its field. A query's input arrives in the URL: the same depth limit applies.
      const parseJson = scope.getDefaultJsonParser('error', 'error');
      scope.addHook('preHandler', (req, _reply, done) => {
        const input = (req.query as { input?: unknown }).input;
        if (typeof input === 'string' && nestsDeeperThan(input, MAX_INPUT_DEPTH)) {
          done(tooDeep());
          return;
        }
        if (typeof req.body !== 'string') {
          done();
          return;
        }
        if (nestsDeeperThan(req.body, MAX_INPUT_DEPTH)) {
          done(tooDeep());
          return;
        }
        void parseJson(req, req.body, (error, parsed: unknown) => {
          const path = error ? undefined : nonFinitePath(parsed);
          if (!path) {
            done(error ?? undefined);
            return;
          }
          const isBatch = (req.query as { batch?: unknown }).batch === '1';
          const field = fieldOfBodyPath(path, isBatch);
          done(new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: ['Expected a finite number'] } }));
        });
      });
      await scope.register(fastifyTRPCPlugin, { prefix: mountPath, trpcOptions });
    });
  },
  { name: 'trpc', dependencies: ['db', 'health'] },
);
