import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { appRoot } from '../paths.ts';

/**
 * Development only: Vite runs inside this process in middleware mode, so the
 * client (with hot module replacement over the same HTTP server) and /trpc share
 * one origin and one port. See docs/decisions/0005-single-origin-dev-server.md.
 */
export const clientDevPlugin = fp(
  async (app) => {
    // Imported here, not at the top: the production bundle inlines this file, and
    // vite and middie are development dependencies, absent from the image.
    const { createServer } = await import('vite');
    const { default: middie } = await import('@fastify/middie');
    const vite = await createServer({
      root: appRoot,
      configFile: join(appRoot, 'vite.config.ts'),
      appType: 'custom',
      server: { middlewareMode: true, hmr: { server: app.server } },
    });
    await app.register(middie);
    app.use(vite.middlewares);
    app.sendAppShell = async (reply, url) => {
      const template = await readFile(join(appRoot, 'index.html'), 'utf8');
      const html = await vite.transformIndexHtml(url, template);
      await reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    };
    app.addHook('onClose', async () => {
      await vite.close();
    });
  },
  { name: 'client', decorators: { fastify: ['sendAppShell'] } },
);
