import type { BuildOptions } from 'esbuild';

/**
 * Packages the server bundle leaves in node_modules, each for a reason a bundle cannot
 * carry. Everything else is bundled: Node resolves, reads and compiles each file of an
 * unbundled package graph one by one at start-up (over half of the start's CPU before,
 * docs/decisions/0017-performance.md), while a bundle is a few files.
 */
export const SERVER_EXTERNAL_PACKAGES = [
  // A native addon, compiled for the machine's Node.
  'better-sqlite3',
  // Loads its .wasm file from its own folder (src/server/db/migrations.ts).
  '@prisma/schema-engine-wasm',
  // Start log transports and workers from files beside their own code (__dirname).
  'pino',
  'pino-pretty',
  'thread-stream',
  // Reads its package.json from beside its own code (__dirname); loaded only with REDIS_URL.
  'ioredis',
  // Only in development (NODE_ENV=development), and dev dependencies.
  'vite',
  '@fastify/middie',
] as const;

/**
 * esbuild's options for the production server and the benchmark's copy of it: ESM for
 * Node, split so that code behind a dynamic import() (the schema engine, the other
 * database engine, e-mail rendering and transport, metrics) is a chunk loaded on first
 * use. Bundled CommonJS packages call `require`, which an ES module lacks: the banner
 * gives each output file one, resolving from that file (the externals above, Node's
 * built-ins).
 */
export const serverBundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: true,
  // Less to parse at every start (about 7% of spawn-to-ready); names are kept, so stack
  // traces and error names read as in the source, and the source maps point there.
  minifyWhitespace: true,
  minifySyntax: true,
  external: [...SERVER_EXTERNAL_PACKAGES],
  banner: {
    js: "import { createRequire as __serverBundleCreateRequire } from 'node:module';\nconst require = __serverBundleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
} satisfies BuildOptions;

/**
 * `__dirname` or `__filename` in bundled code: CommonJS's "the folder of this file",
 * which in the bundle would name dist/server instead of the package's folder (or be
 * undefined). The package that uses it belongs in SERVER_EXTERNAL_PACKAGES. The Prisma
 * client's own assignment of `globalThis.__dirname` (its generated code) is allowed.
 */
export function folderRelativeCode(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/\b__(?:dirname|filename)\b/g)) {
    const before = code.slice(Math.max(0, match.index - 11), match.index);
    const after = code.slice(match.index + match[0].length, match.index + match[0].length + 1);
    if (before === 'globalThis.' && after === '=') continue;
    found.push(code.slice(Math.max(0, match.index - 60), match.index + 60));
  }
  return found;
}
