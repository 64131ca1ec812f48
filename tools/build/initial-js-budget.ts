import { relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { INITIAL_JS_GZIP_BUDGET, measureInitialJs, type InitialJs } from './initial-js.ts';

export interface InitialJsBudgetOptions {
  /** The most the initial JS may weigh, gzip, in bytes. Default: INITIAL_JS_GZIP_BUDGET (125 KiB). */
  budgetGzipBytes?: number;
}

/** A module's share of a chunk, as the bundler rendered it before minifying. */
interface ModuleSize {
  id: string;
  file: string;
  renderedBytes: number;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * Fails the client build when its initial JS (measureInitialJs: index.html's
 * scripts, preloads and their static imports) is over the gzip budget; prints
 * one line with its size otherwise. Measures the files as written, after
 * minification, so the number is what browsers download.
 */
export function initialJsBudget({ budgetGzipBytes = INITIAL_JS_GZIP_BUDGET }: InitialJsBudgetOptions = {}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'initial-js-budget',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(output, bundle) {
      // A server-side build has no index.html and no browser to weigh for.
      if (config.build.ssr || !('index.html' in bundle)) return;
      const dir = resolve(config.root, output.dir ?? config.build.outDir);
      const initial = measureInitialJs(dir);
      const modules: ModuleSize[] = [];
      for (const file of initial.files) {
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(chunk.modules)) {
          modules.push({ id: shortId(id, config.root), file, renderedBytes: info.renderedLength });
        }
      }
      if (initial.gzip > budgetGzipBytes) throw new Error(overBudget(initial, budgetGzipBytes, modules));
      config.logger.info(
        `initial JS: ${initial.files.length} file(s), ${kib(initial.bytes)}, ${kib(initial.gzip)} gzip ` +
          `(budget ${kib(budgetGzipBytes)}), ${kib(initial.brotli)} brotli`,
      );
    },
  };
}

function overBudget(initial: InitialJs, budget: number, modules: ModuleSize[]): string {
  const largest = modules
    .sort((a, b) => b.renderedBytes - a.renderedBytes)
    .slice(0, 15)
    .map((module) => `    ${kib(module.renderedBytes).padStart(10)}  ${module.id}  (${module.file})`);
  return [
    `Initial JS is over its budget: ${initial.gzip} bytes gzip (${kib(initial.gzip)}) > ` +
      `${budget} bytes (${kib(budget)}), by ${initial.gzip - budget} bytes.`,
    `  Counted (index.html's scripts, modulepreloads and their static imports, ${initial.bytes} bytes raw, ` +
      `${initial.brotli} bytes brotli): ${initial.files.join(', ')}`,
    '  Largest modules in them (rendered size before minification):',
    ...largest,
    '  Load what the first screen does not need with a dynamic import() (a screen: lazyScreen in src/client/routes.tsx).',
  ].join('\n');
}

/** A module id as people read it: the package path inside node_modules, or the path from the project root. */
function shortId(id: string, root: string): string {
  const clean = id.replace(/^\0/, '');
  const inPackage = /.*[\\/]node_modules[\\/](.*)$/.exec(clean);
  if (inPackage?.[1]) return inPackage[1];
  return clean.startsWith(root) ? relative(root, clean) : clean;
}
