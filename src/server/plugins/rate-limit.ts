import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { isStrictlyLimited, STRICT_LIMIT_WINDOW_MS } from '../rate-limit/strict-limits.ts';

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

/**
 * Rate limits by client IP (as Fastify resolves it: the socket's address, or
 * X-Forwarded-For from TRUSTED_PROXIES only). A global limit on every request, and
 * a stricter one per call for the procedures in strict-limits.ts. Refusals are
 * 429 with Retry-After and the catalogue's RATE_LIMITED body (the error plugin
 * turns the plugin's 429 into it; procedures throw it themselves).
 */
export const rateLimitPlugin = fp<{ config: Config; onLimited?: (scope: string) => void }>(
  async (app, { config, onLimited }) => {
    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      allowList: (req) => UNLIMITED_PATHS.has(req.url.split('?')[0] ?? ''),
      onExceeded: () => onLimited?.('global'),
    });

    // Routes get the global limit from the plugin; requests no route matches (scanners
    // probing for files) are counted in the same bucket here.
    const limitUnmatched = app.rateLimit();
    app.addHook('onRequest', async (req, reply) => {
      if (req.routeOptions.url === undefined && !UNLIMITED_PATHS.has(req.url.split('?')[0] ?? '')) {
        await limitUnmatched.call(app, req, reply);
      }
    });

    type Limiter = ReturnType<typeof app.createRateLimit>;
    const limiters = new Map<string, { check: Limiter; queue: Promise<unknown> }>();
    /**
     * One check at a time per procedure: the in-memory store hands every caller the
     * same mutable counter, so the calls of one batch, checked concurrently, would
     * all read the final count and all be refused.
     */
    const check = (procedure: string, req: FastifyRequest) => {
      let limiter = limiters.get(procedure);
      if (!limiter) {
        const created = app.createRateLimit({
          max: config.AUTH_RATE_LIMIT,
          timeWindow: STRICT_LIMIT_WINDOW_MS,
          keyGenerator: (request) => `${procedure}:${request.ip}`,
          allowList: () => false,
        });
        limiter = { check: created, queue: Promise.resolve() };
        limiters.set(procedure, limiter);
      }
      const { check: checkNow } = limiter;
      // The seconds until the client may retry, or null while under the limit.
      const verdict = limiter.queue.then(async () => {
        const result = await checkNow(req);
        return result.isAllowed || !result.isExceeded ? null : Math.max(1, result.ttlInSeconds);
      });
      limiter.queue = verdict.catch(() => undefined);
      return verdict;
    };

    app.decorate('procedureRateLimit', async (procedure: string, req: FastifyRequest): Promise<RateVerdict> => {
      if (!isStrictlyLimited(procedure)) return { allowed: true };
      const retryAfterSeconds = await check(procedure, req);
      if (retryAfterSeconds === null) return { allowed: true };
      onLimited?.(procedure);
      return { allowed: false, retryAfterSeconds };
    });
  },
  { name: 'rate-limit' },
);
