import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { clientIp } from '../client-ip.ts';
import type { Config } from '../config.ts';
import { STRICT_LIMIT_WINDOW_MS, strictlyLimitedProcedures } from './strict-limits.ts';

/** The verdict on one call: allowed, or refused with when to retry. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one call of a procedure for the request's client; procedures without a strict limit always pass. */
export type ProcedureRateLimit = (procedure: string, req: FastifyRequest) => Promise<RateVerdict>;

declare module 'fastify' {
  interface FastifyInstance {
    procedureRateLimit: ProcedureRateLimit;
  }
}

/** Probes and metrics scrapes come every few seconds from the orchestrator: never limited. */
const UNLIMITED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const isUnlimited = (req: FastifyRequest) => UNLIMITED_PATHS.has(req.url.split('?')[0] ?? '');

/** Redis key prefixes: one per limiter, so their counters never collide. */
const GLOBAL_KEY_PREFIX = 'rl:global:';
const strictKeyPrefix = (procedure: string) => `rl:strict:${procedure}:`;

/**
 * A Redis that does not answer must not hold requests: a check waits at most this
 * long, then passes (decision 0015).
 */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/** Silent this long with checks pending: the connection is dropped (and the outage logged), so checks fail at once. */
const REDIS_SOCKET_TIMEOUT_MS = 1_000;
const REDIS_CONNECT_TIMEOUT_MS = 2_000;

/** The seconds until the client may retry, or null while under the limit. */
type Check = (req: FastifyRequest) => Promise<number | null>;

/**
 * Rate limits by client IP (as Fastify resolves it: the socket's address, or
 * X-Forwarded-For from TRUSTED_PROXIES only). A global limit on every request, and
 * a stricter one per call for the procedures in strict-limits.ts. Refusals are
 * 429 with Retry-After and the catalogue's RATE_LIMITED body (the error plugin
 * turns the plugin's 429 into it; procedures throw it themselves).
 *
 * With REDIS_URL the counters live in Redis, one count across every instance;
 * without it each instance counts in its own memory. When Redis cannot be reached
 * the checks pass (fail open) and a warning is logged (decision 0015).
 */
export const rateLimitPlugin = fp<{ config: Config; onLimited: (scope: string) => void }>(
  async (app, { config, onLimited }) => {
    const redis = config.REDIS_URL ? await connectRedis(app, config.REDIS_URL) : undefined;
    const store = (nameSpace: string) => (redis ? { redis, nameSpace, skipOnError: true } : {});

    // One registration of the plugin per strict procedure, each in a scope of its own:
    // `createRateLimit(options)` would derive its store from the global one, under a
    // key the plugin builds from route details it does not have. Registered before
    // the global limit, since a scope that inherits `createRateLimit` does not decorate its own.
    const strictChecks = new Map<string, Check>();
    for (const procedure of strictlyLimitedProcedures) {
      await app.register(async (scope) => {
        await scope.register(rateLimit, {
          global: false,
          max: config.AUTH_RATE_LIMIT,
          timeWindow: STRICT_LIMIT_WINDOW_MS,
          keyGenerator: clientIp,
          ...store(strictKeyPrefix(procedure)),
        });
        const check = checkOf(scope.createRateLimit());
        // Redis counts each call atomically (INCR in a script) and answers each its own
        // count. The in-memory store hands every caller the same mutable counter, so
        // the calls of one batch, checked concurrently, would all read the final count
        // and all be refused: there, one check at a time per procedure.
        strictChecks.set(procedure, redis ? check : oneAtATime(check));
      });
    }

    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: clientIp,
      allowList: isUnlimited,
      onExceeded: () => {
        onLimited('global');
      },
      ...store(GLOBAL_KEY_PREFIX),
    });

    // Routes get the global limit from the plugin; requests no route matches (scanners
    // probing for files) are counted in the same bucket here.
    const limitUnmatched = app.rateLimit();
    app.addHook('onRequest', (req, reply, done) => {
      if (req.routeOptions.url !== undefined || isUnlimited(req)) {
        done();
        return;
      }
      limitUnmatched.call(app, req, reply).then(() => {
        done();
      }, done);
    });

    app.decorate('procedureRateLimit', async (procedure: string, req: FastifyRequest): Promise<RateVerdict> => {
      const check = strictChecks.get(procedure);
      if (!check) return { allowed: true };
      const retryAfterSeconds = await check(req);
      if (retryAfterSeconds === null) return { allowed: true };
      onLimited(procedure);
      return { allowed: false, retryAfterSeconds };
    });
  },
  { name: 'rate-limit' },
);

function checkOf(limiter: ReturnType<FastifyInstance['createRateLimit']>): Check {
  return async (req) => {
    const result = await limiter(req);
    // A store error skipped (skipOnError) reads as a count of 0: allowed.
    return result.isAllowed || !result.isExceeded ? null : Math.max(1, result.ttlInSeconds);
  };
}

function oneAtATime(check: Check): Check {
  let queue: Promise<unknown> = Promise.resolve();
  return (req) => {
    const verdict = queue.then(() => check(req));
    queue = verdict.catch(() => undefined);
    return verdict;
  };
}

/**
 * One client for every limiter. No offline queue and one try per command: while Redis
 * is away a check fails at once and passes, rather than queueing requests behind it.
 * It reconnects on its own; the outage and the recovery are logged once each.
 * Start-up waits for the first connection or its failure, at most the connect
 * timeout: the limits hold from the first request, and a Redis that is down delays
 * the start by that much at most.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // Loaded only when configured: an instance without REDIS_URL starts without it.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    socketTimeout: REDIS_SOCKET_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let reachable = true;
  let closing = false;
  redis.on('error', (error: Error) => {
    if (!reachable || closing) return;
    reachable = false;
    app.log.warn(
      { err: error },
      'Redis for rate limits is unreachable: limits are not enforced until it is back (decision 0015)',
    );
  });
  redis.on('ready', () => {
    if (!reachable) app.log.info('Redis for rate limits is reachable again: limits are enforced');
    reachable = true;
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (redis.status !== 'ready') {
      redis.disconnect();
      return;
    }
    await redis.quit().catch(() => {
      redis.disconnect();
    });
  });
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, REDIS_CONNECT_TIMEOUT_MS);
    redis.once('ready', done).once('error', done);
  });
  return redis;
}
