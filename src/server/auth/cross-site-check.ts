import type { IncomingHttpHeaders } from 'node:http';
import { publicUrl, type Config } from '../config.ts';

/** Methods that change nothing (RFC 9110 §9.2.1); tRPC answers a mutation sent with them 405. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins whose pages may send state changes: the public URL's and TRUSTED_ORIGINS. */
export function allowedOriginsOf(config: Config): ReadonlySet<string> {
  const trusted = (config.TRUSTED_ORIGINS ?? []).map((url) => new URL(url).origin);
  return new Set([publicUrl(config).origin, ...trusted]);
}

/** At most this much of a refused Origin goes into the log. */
const LOGGED_ORIGIN_LENGTH = 200;

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
): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const { origin, cookie } = request.headers;
  const site = request.headers['sec-fetch-site'];
  if (origin !== undefined) {
    if (allowedOrigins.has(origin)) return undefined;
    return `Cross-site request refused: Origin ${JSON.stringify(origin.slice(0, LOGGED_ORIGIN_LENGTH))} is not allowed.`;
  }
  if (site !== undefined) {
    return site === 'same-origin'
      ? undefined
      : `Cross-site request refused: Sec-Fetch-Site is ${JSON.stringify(site)}.`;
  }
  return cookie ? 'Cross-site request refused: a cookie without Origin or Sec-Fetch-Site.' : undefined;
}
