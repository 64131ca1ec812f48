import { createURL } from '@trpc/server/adapters/node-http';
import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

/** What the fast path needs from a request it covers, read the way tRPC's stock adapter reads it. */
export interface FastPathTarget {
  method: 'GET' | 'POST';
  /** The procedure path(s): the route parameter, percent-decoded once more as resolveResponse does. */
  path: string;
  /** The URL as the stock adapter builds it (createURL): its query holds `batch`, `input`, `connectionParams`. */
  url: URL;
  /** `info.accept`: the `trpc-accept` header, else `application/jsonl` if `accept` lists it, else null. */
  accept: string | null;
}

/** tRPC's getAcceptHeader (http/contentType.ts), on Node's headers instead of a Fetch `Headers`. */
export function acceptOf(headers: IncomingHttpHeaders): string | null {
  const trpcAccept = headers['trpc-accept'];
  if (typeof trpcAccept === 'string') return trpcAccept;
  return headers.accept?.split(',').some((type) => type.trim() === 'application/jsonl') ? 'application/jsonl' : null;
}

/** Header values the Fetch `Headers` would read differently from Node: untrimmed, or repeated as a list. */
function unusual(value: string | string[] | undefined): boolean {
  return value !== undefined && (typeof value !== 'string' || value !== value.trim());
}

/**
 * Whether the fast path answers this request, decided from the request line, the
 * headers and the already parsed body, before anything of tRPC runs; undefined
 * sends it to tRPC's stock adapter. Covered: GET and POST with JSON (tRPC's JSON
 * content handler; a GET may omit the content type), non-streaming answers. The
 * rest falls back: HEAD, other content types (form data, octet streams), streaming
 * (`application/jsonl`: httpBatchStreamLink), a body Fastify parsed to a bare
 * string (the stock adapter reads it as JSON text a second time), and whatever the
 * Fetch API would refuse or read differently (a path not decodable twice, a Host
 * that makes no URL or puts credentials in it, untrimmed header values).
 * Subscriptions are found only once the procedures are known: see request-info.ts.
 */
export function fastPathTarget(req: FastifyRequest, routePath: string): FastPathTarget | undefined {
  const { method, headers } = req;
  if (method !== 'GET' && method !== 'POST') return undefined;
  const contentType = headers['content-type'];
  if (unusual(contentType) || unusual(headers['trpc-accept'])) return undefined;
  if (method === 'POST') {
    if (!contentType?.startsWith('application/json')) return undefined;
    if (req.body === undefined || typeof req.body === 'string') return undefined;
  } else if (contentType !== undefined && !contentType.startsWith('application/json')) return undefined;
  const accept = acceptOf(headers);
  if (accept === 'application/jsonl') return undefined;
  let path: string;
  let url: URL;
  try {
    path = decodeURIComponent(routePath);
    url = createURL(req.raw);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  return { method, path, url, accept };
}
