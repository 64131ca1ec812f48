/**
 * Bundles the server and the operator commands (db, db-backup, create-admin) into dist/ with esbuild.
 * Packages stay external (node_modules ships in the image); our own TypeScript,
 * including the generated Prisma client, becomes plain JavaScript, so production
 * starts with `node` alone.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry content hashes: without a clean folder, every build would leave the
// previous build's chunks behind.
rmSync('dist/server', { recursive: true, force: true });

await build({
  entryPoints: {
    'server/main': 'src/server/main.ts',
    'server/db': 'src/scripts/db.ts',
    'server/db-backup': 'src/scripts/db-backup.ts',
    'server/db-copy': 'src/scripts/db-copy.ts',
    'server/create-admin': 'src/scripts/create-admin.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Code behind a dynamic import() (the schema engine, the other database engine,
  // e-mail rendering and transport) becomes a chunk of its own, loaded only when
  // first used; without splitting, esbuild would hoist its imports into main.js and
  // load them all at start-up.
  splitting: true,
  chunkNames: 'server/chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
  // Vite and its dev middleware are loaded only when NODE_ENV=development.
  external: ['vite', '@fastify/middie'],
});
console.log('Server bundled into dist/server.');
