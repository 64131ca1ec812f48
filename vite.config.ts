import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { initialJsBudget } from './tools/build/initial-js-budget.ts';
import { prerender } from './tools/build/prerender.ts';
import { routePreloads } from './tools/build/route-preloads.ts';
import { product } from './src/shared/product.ts';
import { themeScript } from './src/shared/theme-script.ts';

/**
 * The page title and description come from the one product module; the theme script
 * goes first in <head>, so the saved theme applies before the first paint.
 */
function productIdentity(): Plugin {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return {
    name: 'product-identity',
    transformIndexHtml: (html) => ({
      html: html
        .replaceAll('%PRODUCT_NAME%', escape(product.name))
        .replaceAll('%PRODUCT_DESCRIPTION%', escape(product.description)),
      tags: [{ tag: 'script', children: themeScript, injectTo: 'head-prepend' }],
    }),
  };
}

// The client build: hashed files under /assets, precompressed with brotli and
// gzip so the server sends them without compressing at request time.
/**
 * The first-use entry's own modules (docs/decisions/0045-app-on-first-use.md): kept out of
 * the app's first chunk, so that neither loads the other. The theme's rule is shared with
 * the theme menu's chunk, so it is a chunk of its own.
 */
const firstUseModules =
  /src[\\/]client[\\/](first-use[\\/]|theme[\\/]theme-rule\.ts$)|src[\\/]shared[\\/]theme-script\.ts$/;
const themeRule = /src[\\/]client[\\/]theme[\\/]theme-rule\.ts$|src[\\/]shared[\\/]theme-script\.ts$/;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    productIdentity(),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt|map)$/ }),
    // INITIAL_JS_GZIP_BUDGET, 125 KiB gzip: the build fails above it, naming the
    // largest modules. React DOM alone is about 64 KiB of it (decision 0018).
    initialJsBudget(),
    // Which chunks each route's screen needs, for the server's <link rel="modulepreload">.
    routePreloads(),
    // The first screen of these public pages as HTML, painted before any script runs and
    // hydrated after (docs/decisions/0035-prerendered-first-paint.md).
    prerender({ routes: ['/', '/sign-in', '/sign-up', '/forgot-password'] }),
  ],
  resolve: {
    // TanStack Router's store asks for the pre-React-18 shim of useSyncExternalStore;
    // React 19 has it built in, and the package's own non-shim entry uses that
    // (tools/build/first-chunk-levers.test.ts fails when an upgrade moves either).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  build: {
    outDir: 'dist/client',
    // The server reads which file the first-use entry became (src/server/plugins/first-use-shell.ts).
    manifest: true,
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      // index.html's app, and the few lines a prerendered page sent to a visitor without a
      // session runs until its first use (docs/decisions/0045-app-on-first-use.md).
      input: { index: 'index.html', 'first-use': 'src/client/first-use/entry.ts' },
      treeshake: {
        // @trpc/client's index re-exports wsLink from a chunk its package does not mark
        // side-effect free, so the unused WebSocket link stayed in the first chunk. It
        // has no side effects (tools/build/first-chunk-levers.test.ts fails when an
        // upgrade renames the chunk, which would silently end this).
        moduleSideEffects: (id: string) => !/@trpc[\\/]client[\\/]dist[\\/]wsLink-/.test(id),
      },
      output: {
        codeSplitting: {
          // Everything the entry needs before it can paint is one file: one request,
          // compressed as a whole (smaller than the same code in several files).
          groups: [
            { name: 'theme-rule', test: themeRule, priority: 2 },
            { name: 'initial', tags: ['$initial'], test: (id: string) => !firstUseModules.test(id), priority: 1 },
          ],
        },
      },
    },
  },
});
