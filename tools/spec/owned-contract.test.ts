import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';
import { field } from '../../src/shared/spec/fields.ts';
import type { EntitiesSpec } from '../../src/shared/spec/entities.ts';
import { compileInto } from './compile.ts';
import { writeOwned } from './outputs.ts';
import { smallSpec } from './spec-fixture.ts';

// Lesson 2 of the spec compiler (docs/decisions/0029-spec-compiler.md): owned code
// type-checks against the derived contracts, so a spec change shows up as a compile
// error in exactly the owned files that must change, and never as an overwrite.
let root = '';
const ownedPath = 'src/owned/job-label.ts';
const owned = `import type { Job } from '../shared/generated/entities/job.ts';

/** Hand-written once, against the derived type of a job. */
export const jobLabel = (job: Job): string => \`\${job.number}: \${job.title}\`;
`;

/** TypeScript's errors in the copy's src/shared and src/owned, as "file: message". */
function typeErrors(): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    types: [],
  };
  const files = ts.sys
    .readDirectory(join(root, 'src'), ['.ts'], undefined, ['shared/**/*', 'owned/**/*'])
    .filter((file) => !file.endsWith('.test.ts'));
  const program = ts.createProgram(files, options);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (diagnostic) =>
        `${relative(root, diagnostic.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
    );
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'spec-owned-contract-'));
  cpSync(join(appRoot, 'src/shared'), join(root, 'src/shared'), { recursive: true });
  for (const file of ['prisma/models.prisma', 'docs/spec.md']) cpSync(join(appRoot, file), join(root, file));
  symlinkSync(join(appRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('owned code against derived contracts', () => {
  it('compiles while the spec agrees with it, and fails in the owned file, untouched, once a field is renamed', async () => {
    await compileInto(root, smallSpec());
    expect(writeOwned(join(root, ownedPath), owned)).toBe(true);
    expect(typeErrors()).toEqual([]);

    const renamed = structuredClone(smallSpec());
    const job = (renamed.entities as EntitiesSpec).Job;
    const { title: _title, ...fields } = job?.fields ?? {};
    (renamed.entities as Record<string, unknown>).Job = { ...job, fields: { name: field.string(), ...fields } };
    await compileInto(root, renamed);

    expect(readFileSync(join(root, ownedPath), 'utf8')).toBe(owned);
    const errors = typeErrors();
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(/^src\/owned\/job-label\.ts: Property 'title' does not exist/);
  }, 60_000);
});
