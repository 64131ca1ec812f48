import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the client build lists, per route, the chunks its screen needs beyond the first
 * chunk (tools/build/route-preloads.ts writes it). A dot folder, as Vite's own manifest:
 * the static plugin does not serve it.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Route pattern (`/mailbox/:id`) → the chunk URLs its screen needs. */
export type RoutePreloads = Record<string, readonly string[]>;

/** The build's table, or an empty one for a build without it (then the shell is sent as built). */
export function readRoutePreloads(distDir: string): RoutePreloads {
  const file = join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
}

/**
 * The route pattern a URL opens, as the client's router picks it: an exact path first,
 * else a pattern whose `:name` segments take any one segment. The query and a trailing
 * slash do not count.
 */
export function matchRoute(patterns: Iterable<string>, url: string): string | undefined {
  const path = (url.split(/[?#]/)[0] ?? '/').replace(/(.)\/+$/, '$1');
  const candidates = [...patterns];
  if (candidates.includes(path)) return path;
  const segments = path.split('/');
  return candidates.find((pattern) => {
    const parts = pattern.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? (segments[i] ?? '') !== '' : part === segments[i]))
    );
  });
}

/**
 * The shell with a `<link rel="modulepreload">` per chunk before `</head>`: the browser then
 * fetches a screen's chunks while the first chunk downloads, instead of after it has run.
 * `crossorigin` as on Vite's own script tag, so the preloaded module is the one used.
 */
export function withModulePreloads(html: string, urls: readonly string[]): string {
  if (urls.length === 0) return html;
  if (!html.includes('</head>')) throw new Error('The HTML shell has no </head> to put module preloads before');
  const links = urls
    .map((url) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${url}">`)
    .join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
