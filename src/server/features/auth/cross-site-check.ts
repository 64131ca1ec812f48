import type { IncomingHttpHeaders } from 'node:http';
import { ownOrigins, type Config } from '../../config.ts';

/** Methods that change nothing (RFC 9110 §9.2.1); tRPC answers a mutation sent with them 405. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origins whose pages may send state changes: the server's own (the public URL's,
 * or without one every loopback name of its port: config.ts's ownOrigins) and TRUSTED_ORIGINS.
 */
export function allowedOriginsOf(config: Config): ReadonlySet<string> {
  const trusted = (config.TRUSTED_ORIGINS ?? []).map((url) => new URL(url).origin);
  return new Set([...ownOrigins(config), ...trusted]);
}

/** At most this much of a refused Origin goes into the log. */
const LOGGED_ORIGIN_LENGTH = 200;

/** A refused request: what the caller is told (a catalogue code) and why, for the log. */
export interface CrossSiteRefusal {
  /** ORIGIN_NOT_ALLOWED when the page named its address (Origin), which the person can change. */
  code: 'ORIGIN_NOT_ALLOWED' | 'FORBIDDEN';
  reason: string;
}

/**
 * Why a state-changing request must be refused as cross-site (CSRF, ASVS 5 V3.5.1),
 * or undefined when it may pass. It reads headers only, so it runs before the body
 * is parsed: a cross-site form post is refused whatever its content type.
 * - An Origin header decides alone: allowed, or refused (`null` included).
 * - Without one, Sec-Fetch-Site must be `same-origin`.
 * - Without either, only a request without a cookie passes: a script with an API
 *   key sends neither, and browsers send at least one of them on every POST.
 */
export function crossSiteRefusal(
  request: { method: string; headers: IncomingHttpHeaders },
  allowedOrigins: ReadonlySet<string>,
): CrossSiteRefusal | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const { origin, cookie } = request.headers;
  const site = request.headers['sec-fetch-site'];
  if (origin !== undefined) {
    if (allowedOrigins.has(origin)) return undefined;
    const shown = JSON.stringify(origin.slice(0, LOGGED_ORIGIN_LENGTH));
    return { code: 'ORIGIN_NOT_ALLOWED', reason: `Cross-site request refused: Origin ${shown} is not allowed.` };
  }
  if (site !== undefined) {
    return site === 'same-origin'
      ? undefined
      : { code: 'FORBIDDEN', reason: `Cross-site request refused: Sec-Fetch-Site is ${JSON.stringify(site)}.` };
  }
  return cookie
    ? { code: 'FORBIDDEN', reason: 'Cross-site request refused: a cookie without Origin or Sec-Fetch-Site.' }
    : undefined;
}
