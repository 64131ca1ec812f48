import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { mightHaveSession } from '../features/auth/might-have-session.ts';
import { fromAppRoot } from '../paths.ts';
import { readPrerenderedPages, withPrerenderedMarkup } from './prerendered-pages.ts';
import { matchRoute, readRoutePreloads, withModulePreloads } from './route-preloads.ts';
import { readFirstUseEntry, withFirstUseEntry } from './first-use-shell.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the application's HTML shell; the SPA fallback calls it for navigations. */
    sendAppShell: ((reply: FastifyReply, url: string) => Promise<void>) | null;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One HTML shell, as sent plain and in the two encodings the build precompresses. */
interface EncodedShell {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const encodeShell = (html: string): EncodedShell => {
  const identity = Buffer.from(html);
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity) };
};

/**
 * Serves the Vite build. Hashed files under /assets never change, so browsers keep
 * them for a year; index.html names the current hashes, so it is revalidated on
 * every visit. Brotli and gzip copies made at build time are picked by
 * Accept-Encoding. Files are listed once at start (`wildcard: false`), so a
 * missing asset falls through to the JSON 404, never to the HTML shell.
 */
export const clientStaticPlugin = fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const root = fromAppRoot(distDir);
    if (!existsSync(join(root, 'index.html'))) {
      throw new Error(`The client build is missing (${join(root, 'index.html')}); run npm run build first.`);
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // The precompressed copies are found beside each file (`preCompressed`), not served
      // as files of their own: a route each would triple the routes made at start.
      globIgnore: ['**/*.br', '**/*.gz'],
      // `/` is a page like any other (prerendered, docs/decisions/0035-prerendered-first-paint.md):
      // it goes to sendAppShell through the not-found handler, not to index.html as a file.
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        void reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
    // A screen's own chunks are named in its shell (route-preloads.ts), and a prerendered
    // page's first screen is drawn in it (prerendered-pages.ts), for a visitor with a session
    // cookie and for one without: up to two shells per route; any other route gets
    // index.html as built. Each shell is written at start (a refused build fails then) but
    // compressed on its first request: start-up does not pay for routes nobody opens (about
    // 3 ms a route with brotli's default quality).
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    const preloads = readRoutePreloads(root);
    const prerendered = readPrerenderedPages(root);
    const firstUseEntry = readFirstUseEntry(root);
    // Every prerendered page inlines the same stylesheet: read once.
    const assets = new Map<string, string>();
    const readAsset = (url: string) => {
      let text = assets.get(url);
      if (text === undefined) {
        text = readFileSync(join(root, url), 'utf8');
        assets.set(url, text);
      }
      return text;
    };
    const shells = new Map<string, { unknown: string; signedOut?: string }>(
      [...new Set([...Object.keys(preloads), ...Object.keys(prerendered)])].map((route) => {
        const first = prerendered[route];
        const chunks = preloads[route] ?? [];
        if (first === undefined) return [route, { unknown: withModulePreloads(html, chunks) }];
        const signedOut = withPrerenderedMarkup(html, first, readAsset, { signedOut: true });
        return [
          route,
          {
            unknown: withModulePreloads(withPrerenderedMarkup(html, first, readAsset, { signedOut: false }), chunks),
            // Drawn signed out, the page needs the app only once it is used (first-use-shell.ts).
            signedOut: firstUseEntry
              ? withFirstUseEntry(signedOut, firstUseEntry, chunks)
              : withModulePreloads(signedOut, chunks),
          },
        ];
      }),
    );
    // Keyed by the shell's text (the same string each time, so its hash is computed once).
    const encoded = new Map<string, EncodedShell>();
    app.sendAppShell = async (reply, url) => {
      const route = matchRoute(shells.keys(), url);
      const texts = route === undefined ? undefined : shells.get(route);
      if (route === undefined || texts === undefined)
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      // No session cookie: certainly signed out, so the page drawn for that, where there is one.
      const text = mightHaveSession(reply.request.headers.cookie) ? texts.unknown : (texts.signedOut ?? texts.unknown);
      let shell = encoded.get(text);
      if (!shell) {
        shell = encodeShell(text);
        encoded.set(text, shell);
      }
      // The negotiator @fastify/static uses for the build's precompressed files.
      const encoding = negotiate(reply.request.headers['accept-encoding'] ?? '', ['br', 'gzip'] as const);
      void reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8');
      if (encoding) void reply.header('content-encoding', encoding);
      return reply.send(shell[encoding ?? 'identity']);
    };
  },
  { name: 'client', decorators: { fastify: ['sendAppShell'] } },
);
