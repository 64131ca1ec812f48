/**
 * `npm run spec`: compiles spec/ into the project's derived files.
 *   npm run spec                    write what changed; print the migration to run after a model change
 *   npm run spec -- --check         write nothing; list every file that differs (exit 1 when any does)
 *   npm run spec -- --spec <dir> --root <dir>   compile another spec (an example) into another copy
 * A refused spec lists each problem with its file, point and name, and writes nothing.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureBootstrap } from './bootstrap.ts';

// The project's own modules import the derived ones: make sure they exist before loading.
ensureBootstrap(join(dirname(fileURLToPath(import.meta.url)), '../..'));
const { writeSchemas } = await import('../../src/scripts/db/derive-schemas.ts');
const { appRoot } = await import('../../src/server/paths.ts');
const { compileInto, compileSpec } = await import('./compile.ts');
const { loadSpec } = await import('./load.ts');
const { migrationHint } = await import('./migration-hint.ts');
const { checkDrift } = await import('./outputs.ts');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { check: { type: 'boolean' }, spec: { type: 'string' }, root: { type: 'string' } },
  });
  const root = resolve(appRoot, values.root ?? '.');
  for (const path of ensureBootstrap(root)) console.log(`Stubbed ${path}`);
  const spec = await loadSpec(resolve(appRoot, values.spec ?? 'spec'));
  if (values.check) {
    const differences = checkDrift(root, (await compileSpec(spec)).outputs);
    for (const difference of differences) console.error(difference);
    console.log(differences.length ? 'Run `npm run spec` to bring them up to date.' : 'Up to date with spec/.');
    return differences.length ? 1 : 0;
  }
  const modelsBefore = migrationHint.read(root);
  const report = await compileInto(root, spec);
  for (const path of report.written) console.log(`Wrote ${path}`);
  for (const path of report.deleted) console.log(`Deleted ${path}`);
  for (const path of report.created) console.log(`Created ${path} (owned: yours to edit from now on)`);
  if (!report.written.length && !report.deleted.length && !report.created.length) console.log('Nothing changed.');
  if (report.written.includes('prisma/models.prisma')) {
    writeSchemas(join(root, 'prisma'));
    const hint = migrationHint.describe(modelsBefore, migrationHint.read(root));
    if (hint) console.log(`\nThe models changed. Next:\n  npm run db:migration -- ${hint}\n  npm run db:generate`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
