/**
 * `npm run test:example [-- <name>] [--keep]`: compiles
 * examples/<name> (default: every example) into a temporary copy of this project, as a
 * developer would after writing that specification, and runs the copy's checks:
 *
 *   copy → lay the example (spec/ and its owned files) → npm run spec → migrations for
 *   both engines → Prisma clients → npm run docs → typecheck → the spec's unit tests →
 *   the production build (its initial-JS budget included) → one smoke journey per screen
 *   in the browser (e2e/spec-screens.spec.ts), on SQLite at both widths and on PostgreSQL at
 *   the desktop's
 *
 * The repository is never written. PostgreSQL is needed to write the example's
 * PostgreSQL migration (src/scripts/db.ts): without TEST_POSTGRES_URL the leg is skipped,
 * loudly, unless TEST_REQUIRE_POSTGRES=1 makes that a failure, as for the unit suite.
 * It prints the example's hand-written and derived line counts (docs/spec.md records them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { appRoot } from '../../src/server/paths.ts';
import { copyProject, layExample } from './example-copy.ts';

/**
 * What the copy's unit run covers: the tests whose subject is the laid specification. Its
 * derived files against the compiler (drift), the docs and the OpenAPI document, the shared
 * contracts, the runtime building blocks on both engines over its entities, and the tests
 * that walk every procedure (access rules, fuzzed inputs: there, the spec's procedures).
 * The compiler's other tests compile fixtures and examples/ in memory, the same in the
 * copy as in the repository, where the suite runs them.
 */
const testPaths = [
  'tools/spec/drift.test.ts',
  'tools/docs',
  'tools/openapi',
  'src/shared',
  'src/server/generated',
  'src/server/spec-runtime',
  'src/server/router.test.ts',
  'src/server/security/procedure-inputs.test.ts',
  'src/server/features/custom',
  'src/client/generated',
  'src/client/spec-screens',
  'src/client/navigation.test.ts',
];

class LegFailure extends Error {}

function run(label: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const started = Date.now();
  console.log(`\n--> ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  });
  const output = `${result.stdout}${result.stderr}`;
  process.stdout.write(output);
  console.log(`<-- ${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) throw new LegFailure(`${label} failed (exit ${String(result.status ?? result.signal)})`);
  return output;
}

const nonBlankLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '').length;

/** The browser journeys of the specification's screens in the given Playwright projects (playwright.config.ts). */
const smokeArgs = (...projects: string[]) => [
  'playwright',
  'test',
  ...projects.map((project) => `--project=${project}`),
  'e2e/spec-screens.spec.ts',
];

async function leg(name: string, postgresUrl: string, keep: boolean): Promise<void> {
  const exampleDir = join(appRoot, 'examples', name);
  const copy = mkdtempSync(join(tmpdir(), `example-${name}-`));
  console.log(`\n=== Example "${name}" in ${copy}`);
  try {
    const copied = copyProject(appRoot, copy);
    const exampleFiles = layExample(exampleDir, copy);
    console.log(`Copied ${copied} project files; laid ${exampleFiles.length} files of examples/${name}.`);

    const compiled = run('spec', 'npx', ['tsx', 'tools/spec/spec.ts'], copy);
    const written = [...compiled.matchAll(/^Wrote (\S+)/gm)].map((match) => match[1] ?? '');
    run('migrations', 'npx', ['tsx', 'src/scripts/db.ts', 'migration', `example_${name.replaceAll('-', '_')}`], copy, {
      SHADOW_DATABASE_URL: postgresUrl,
      DATABASE_URL: 'file:./example.db',
    });
    run('Prisma clients', 'npm', ['run', 'db:generate'], copy);
    run('docs', 'npm', ['run', 'docs'], copy);
    run('typecheck', 'npx', ['tsc', '--noEmit'], copy);
    // The example's owned files (its handlers, bodies, screens) are linted where they belong; the repository skips them.
    const owned = exampleFiles.filter((file) => !file.startsWith('spec/')).filter((file) => /\.tsx?$/.test(file));
    if (owned.length) run('lint of the owned files', 'npx', ['eslint', '--max-warnings', '0', ...owned], copy);
    // SPEC_EXAMPLE_COPY: the tests that pin the product's own spec/ to "not specified" skip here, saying so.
    const tests = testPaths.filter((path) => existsSync(join(copy, path)));
    run('unit tests', 'npx', ['vitest', 'run', ...tests], copy, { SPEC_EXAMPLE_COPY: name });
    run('build', 'npm', ['run', 'build'], copy);
    // Layout is the engine's no matter: both widths on SQLite, the desktop's on PostgreSQL, in one run.
    run('screens', 'npx', smokeArgs('desktop', 'phone', 'desktop-postgresql'), copy, { E2E_POSTGRES_URL: postgresUrl });

    const handWritten = exampleFiles.reduce((sum, file) => sum + nonBlankLines(join(exampleDir, file)), 0);
    const derived = written.reduce((sum, file) => sum + nonBlankLines(join(copy, file)), 0);
    console.log(
      `\nExample "${name}": ${handWritten} hand-written lines in ${exampleFiles.length} files ` +
        `(spec and owned files, blank lines not counted); ${derived} derived lines in ${written.length} files.`,
    );
  } finally {
    if (keep) console.log(`Kept the copy: ${copy}`);
    else rmSync(copy, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { keep: { type: 'boolean' } }, allowPositionals: true });
  const examplesDir = join(appRoot, 'examples');
  const names = positionals.length
    ? positionals
    : existsSync(examplesDir)
      ? readdirSync(examplesDir, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
      : [];
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  if (!postgresUrl) {
    const message =
      'Example leg SKIPPED: TEST_POSTGRES_URL is not set, and writing an example’s PostgreSQL migration needs a server, e.g.\n' +
      '  TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run test:example';
    if (process.env.TEST_REQUIRE_POSTGRES === '1') {
      console.error(`TEST_REQUIRE_POSTGRES=1, but: ${message}`);
      return 1;
    }
    console.warn(`\n${'='.repeat(80)}\n  ${message}\n${'='.repeat(80)}\n`);
    return 0;
  }
  if (names.length === 0) {
    console.error('No example to compile: examples/<name>/spec/ holds one.');
    return 1;
  }
  for (const name of names) {
    if (!existsSync(join(examplesDir, name, 'spec'))) {
      console.error(`examples/${name}/spec/ does not exist.`);
      return 1;
    }
    try {
      await leg(name, postgresUrl, values.keep ?? false);
    } catch (error) {
      if (!(error instanceof LegFailure)) throw error;
      console.error(`\nExample "${name}": ${error.message}.`);
      return 1;
    }
  }
  return 0;
}

process.exitCode = await main();
