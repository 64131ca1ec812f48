import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { ROUTE_PRELOADS_FILE } from '../../src/server/plugins/route-preloads.ts';

type OutputChunk = Rollup.OutputChunk;

/**
 * The lazy modules each route of the table in routes.tsx opens (its layout's and its
 * screen's `import('…')`), read from the file's text so that the build needs no client
 * code at run time. A route whose screen ships in the first chunk has none.
 * tools/build/route-preloads.test.ts keeps this reading equal to the table itself.
 */
export function routeModules(source: string): Record<string, string[]> {
  const lazyConstants = new Map<string, string>();
  for (const [, name, spec] of source.matchAll(/const (\w+) = lazyScreen\(\(\) => import\('([^']+)'\)/g)) {
    if (name && spec) lazyConstants.set(name, spec);
  }
  const table = /export const routes = \{([\s\S]*?)\n\} satisfies RouteTable/.exec(source)?.[1];
  if (!table)
    throw new Error('routes.tsx: the route table (`export const routes = {…} satisfies RouteTable`) was not found');
  const routes: Record<string, string[]> = {};
  // A route's value has no nested braces: `{ layout: adminLayout, screen: lazyScreen(() => import('…'), '…') }`.
  for (const [, path, body = ''] of source.slice(source.indexOf(table)).matchAll(/'(\/[^']*)':\s*\{([^{}]*)\}/g)) {
    if (!path) continue;
    const layout = /layout:\s*(\w+)/.exec(body)?.[1];
    const layoutModule = layout ? lazyConstants.get(layout) : undefined;
    if (layout && !layoutModule)
      throw new Error(`routes.tsx: the layout ${layout} of ${path} is not a lazyScreen constant`);
    routes[path] = [
      ...(layoutModule ? [layoutModule] : []),
      ...[...body.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1] ?? ''),
    ];
  }
  return routes;
}

/**
 * The lazy modules of the specification's routes (src/client/generated/routes.ts, merged
 * into the table by routes.tsx), relative to src/client like `routeModules`' own: a
 * generated screen opens the building blocks' chunk, a custom screen its owned file.
 */
export function specRouteModules(source: string): Record<string, string[]> {
  const routes: Record<string, string[]> = {};
  for (const [, path, body = ''] of source.matchAll(/'(\/[^']*)':\s*\{([^{}]*)\}/g)) {
    if (!path) continue;
    const custom = /import\('\.\.\/([^']+)'\)/.exec(body)?.[1];
    if (custom) routes[path] = [`./${custom}`];
    else if (body.includes('specScreen(')) routes[path] = [specScreenModule];
  }
  return routes;
}

/** The chunk every generated list, detail and form screen opens (src/client/spec-screens/spec-screen.ts). */
export const specScreenModule = './spec-screens/spec-screen-view.tsx';

/**
 * The files a route needs beyond the first chunk: each lazy module's chunk and, depth
 * first, the chunks it imports statically, except those index.html loads already.
 */
export function routeChunks(
  modules: Record<string, string[]>,
  chunkOf: (moduleId: string) => OutputChunk | undefined,
  bundle: Record<string, { type: string }>,
  initialFiles: ReadonlySet<string>,
): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const [path, ids] of Object.entries(modules)) {
    const files = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (initialFiles.has(chunk.fileName) || files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      for (const file of chunk.imports) {
        const imported = bundle[file];
        if (imported?.type === 'chunk') visit(imported as OutputChunk);
      }
    };
    for (const id of ids) {
      const chunk = chunkOf(id);
      if (!chunk) throw new Error(`route-preloads: no chunk holds ${id} (the screen of ${path})`);
      visit(chunk);
    }
    if (files.size > 0) table[path] = [...files].map((file) => `/${file}`);
  }
  return table;
}

/**
 * Writes, for each route, the chunks its screen needs (ROUTE_PRELOADS_FILE), so that the
 * server can name them in the HTML shell as `<link rel="modulepreload">` and the browser
 * fetches them while the first chunk downloads, not after it has run (a waterfall that cost
 * the sign-in screen about a second under Lighthouse's slow 4G; docs/performance.md).
 */
export function routePreloads({
  routesFile = 'src/client/routes.tsx',
  specRoutesFile = 'src/client/generated/routes.ts',
} = {}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(output, bundle) {
      if (config.build.ssr || !('index.html' in bundle)) return;
      const routesPath = resolve(config.root, routesFile);
      const modules = {
        ...routeModules(readFileSync(routesPath, 'utf8')),
        ...specRouteModules(readFileSync(resolve(config.root, specRoutesFile), 'utf8')),
      };
      const byModule = new Map<string, OutputChunk>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk' && item.facadeModuleId) byModule.set(item.facadeModuleId, item);
      }
      const dir = resolve(config.root, output.dir ?? config.build.outDir);
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const initialFiles = new Set(
        Object.values(bundle)
          .filter((item) => item.type === 'chunk' && (item.isEntry || html.includes(`/${item.fileName}"`)))
          .map((item) => item.fileName),
      );
      const table = routeChunks(modules, (id) => byModule.get(resolve(dirname(routesPath), id)), bundle, initialFiles);
      const file = join(dir, ROUTE_PRELOADS_FILE);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(table, null, 2)}\n`);
    },
  };
}
