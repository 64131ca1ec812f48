/**
 * Bundles the server, the process it starts to apply migrations (migrate) and the operator
 * commands (db, db-backup, db-copy, create-admin) into
 * dist/ with esbuild: our TypeScript, the generated Prisma client and the packages it uses,
 * except those a bundle cannot carry (build/server-bundle.ts), which node_modules in the
 * image still provides. Production starts with `node` alone.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { folderRelativeCode, serverBundleOptions } from './server-bundle.ts';

// Chunk names carry content hashes: without a clean folder, every build would leave the
// previous build's chunks behind.
rmSync('dist/server', { recursive: true, force: true });

await build({
  entryPoints: {
    'server/main': 'src/server/main.ts',
    // Started by the server when migrations are pending (src/server/db/migration-process.ts).
    'server/migrate': 'src/server/db/migration-child.ts',
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
const folderRelative = readdirSync('dist/server', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.js'))
  .flatMap((file) =>
    folderRelativeCode(readFileSync(join('dist/server', file), 'utf8')).map((at) => `${file}: …${at}…`),
  );
if (folderRelative.length) {
  throw new Error(
    `Bundled code reads its own folder; add its package to SERVER_EXTERNAL_PACKAGES (tools/build/server-bundle.ts):\n${folderRelative.join('\n')}`,
  );
}
console.log('Server bundled into dist/server.');
