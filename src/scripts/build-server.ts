/**
 * Bundles the server and the operator commands (db, db-backup, db-copy, create-admin) into
 * dist/ with esbuild: our TypeScript, the generated Prisma client and the packages it uses,
 * except those a bundle cannot carry (build/server-bundle.ts), which node_modules in the
 * image still provides. Production starts with `node` alone.
 */
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { serverBundleOptions } from './build/server-bundle.ts';

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
  ...serverBundleOptions,
  outdir: 'dist',
  chunkNames: 'server/chunks/[name]-[hash]',
  sourcemap: true,
  // Maps name files and lines; the sources are in the repository and node_modules.
  sourcesContent: false,
});
console.log('Server bundled into dist/server.');
