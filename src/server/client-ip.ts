import type { FastifyRequest } from 'fastify';

const known = new WeakMap<FastifyRequest, string>();

/**
 * The client's address as Fastify resolves it (the socket's, or X-Forwarded-For from
 * TRUSTED_PROXIES only), worked out once per request: `req.ip` runs proxy-addr over the
 * header on every read, and the rate limit and the auth headers both need it.
 */
export function clientIp(req: FastifyRequest): string {
  let ip = known.get(req);
  if (ip === undefined) {
    ip = req.ip;
    known.set(req, ip);
  }
  return ip;
}
