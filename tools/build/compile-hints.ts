import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Chrome's explicit compile hint (Chrome 136+, a WICG proposal; other engines ignore the comment):
 * when a file starts with this comment, V8 compiles all of its functions while the script streams
 * in, on a background thread, instead of pre-parsing them there and compiling each one on the main
 * thread the first time it is called. Only at the very top: on the second line V8 ignores it.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The compressed copies vite-plugin-compression2 writes beside a file, with its settings (best). */
const compressed: [suffix: string, compress: (code: string) => Buffer][] = [
  ['.gz', (code) => gzipSync(code, { level: constants.Z_BEST_COMPRESSION })],
  [
    '.br',
    (code) => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  ],
];

/**
 * Puts COMPILE_HINT at the top of the client's entry chunk (the first chunk). Most of that chunk
 * runs on every load (React DOM, the router, React Query, tRPC): without the hint, its evaluation,
 * the router's creation and the hydration compiled about 1,100 of its functions lazily on the
 * main thread, in the long tasks after a prerendered page's first paint (docs/performance.md,
 * "The first chunk's task after the first paint"). Screen chunks are left alone: most of their
 * code runs only when used.
 *
 * Vite puts its preload list (`__vite__mapDeps`) first in the chunk in its own generateBundle, and
 * the compression plugin compresses right after that, so this runs last and compresses the entry
 * chunk again.
 */
export function compileHints(): Plugin {
  let config: ResolvedConfig;
  const hinted = (chunk: { isEntry: boolean }) => !config.build.ssr && chunk.isEntry;
  return {
    name: 'compile-hints',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // The file's hashed name follows its content.
    augmentChunkHash(chunk) {
      return hinted(chunk) ? COMPILE_HINT : undefined;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !hinted(chunk)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One line more at the top: a source map (when one is built) moves down by one line.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          for (const [suffix, compress] of compressed) {
            const copy = bundle[`${chunk.fileName}${suffix}`];
            if (copy?.type === 'asset') copy.source = compress(chunk.code);
          }
        }
      },
    },
  };
}
