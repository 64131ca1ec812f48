import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  PRERENDERED_FILE,
  type PrerenderedPage,
  type PrerenderedPages,
} from '../../src/server/plugins/prerendered-pages.ts';

/** What the prerender entry (src/client/prerender.tsx) exports. */
interface PrerenderEntry {
  prerender(url: string): Promise<PrerenderedPage>;
}

/**
 * Checks a route's prerendered page before it is shipped: it has content, no inline script
 * (the CSP allows only the theme script's hash; src/server/plugins/security-headers.ts), and a
 * title of its own, which the screen gives with useDocumentTitle.
 */
export function checkPrerendered(route: string, page: PrerenderedPage): PrerenderedPage {
  for (const markup of [page.markup, page.signedOutMarkup]) {
    if (!markup.includes('<main')) throw new Error(`prerender: ${route} rendered no <main> (${markup.slice(0, 200)}…)`);
    if (/<script\b/i.test(markup)) throw new Error(`prerender: ${route} has an inline <script>, which the CSP refuses`);
  }
  if (page.title.trim() === '')
    throw new Error(`prerender: ${route} has no title: its screen never calls useDocumentTitle`);
  return page;
}

/**
 * After the client build, renders the first screen of each of `routes` to HTML
 * (PRERENDERED_FILE), for the server to send inside the page: the browser paints it before
 * any script has run, and the client hydrates it (docs/decisions/0035-prerendered-first-paint.md).
 * The entry is built for Node with the same Vite configuration, into a folder removed after.
 */
export function prerender({
  routes,
  entry = 'src/client/prerender.tsx',
}: {
  routes: string[];
  entry?: string;
}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      if (config.build.ssr || !('index.html' in bundle)) return;
      // In Vite's cache folder (node_modules/.vite), where Node resolves the packages the
      // Node build leaves out.
      const clientDir = resolve(config.root, output.dir ?? config.build.outDir);
      mkdirSync(config.cacheDir, { recursive: true });
      const outDir = mkdtempSync(join(config.cacheDir, 'prerender-'));
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: resolve(config.root, entry), outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
        });
        const module = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as PrerenderEntry;
        const pages: PrerenderedPages = {};
        for (const route of routes) pages[route] = checkPrerendered(route, await module.prerender(route));
        const file = join(clientDir, PRERENDERED_FILE);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, `${JSON.stringify(pages, null, 2)}\n`);
        config.logger.info(`prerendered: ${routes.join(', ')}`);
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}
