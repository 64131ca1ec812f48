import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { fromAppRoot } from '../paths.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the application's HTML shell; the SPA fallback calls it for navigations. */
    sendAppShell: ((reply: FastifyReply, url: string) => Promise<void>) | null;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        void reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
    app.sendAppShell = async (reply) => {
      await reply.header('cache-control', 'no-cache').sendFile('index.html');
    };
  },
  { name: 'client', decorators: { fastify: ['sendAppShell'] } },
);
