import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';
import { compileInto, compileSpec } from './compile.ts';
import { loadSpec } from './load.ts';
import { checkDrift } from './outputs.ts';
import { smallSpec } from './spec-fixture.ts';
import { emptySpec, overallStatus } from './spec-model.ts';

// The drift check of `npm test`: the derived files are what spec/ compiles to.
describe("the product's own spec/", () => {
  it('compiles to exactly the derived files in the repository (run `npm run spec` when it fails)', async () => {
    const { outputs } = await compileSpec(await loadSpec(join(appRoot, 'spec')));
    expect(checkDrift(appRoot, outputs)).toEqual([]);
  });

  // The product's own assertion. In a copy compiled from an example (`npm run test:example`,
  // which sets SPEC_EXAMPLE_COPY) spec/ is the example's, so there it is reported as skipped.
  it.skipIf(process.env.SPEC_EXAMPLE_COPY)(
    'says "not specified" for all nine points, so the product stays as the foundation has it',
    async () => {
      expect(overallStatus(await loadSpec(join(appRoot, 'spec')))).toBe('not specified');
    },
  );
});

describe('derived files in a copy of the project', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'spec-drift-'));
    for (const file of ['prisma/models.prisma', 'docs/spec.md']) cpSync(join(appRoot, file), join(root, file));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('flags a hand edit, a missing file and a stray one, naming each; compiling again mends all three', async () => {
    const spec = smallSpec();
    const { outputs } = await compileSpec(spec);
    await compileInto(root, spec);
    expect(checkDrift(root, outputs)).toEqual([]);

    const job = join(root, 'src/shared/generated/entities/job.ts');
    writeFileSync(job, readFileSync(job, 'utf8').replace("'J-'", "'JOB-'"));
    rmSync(join(root, 'src/shared/generated/constants.ts'));
    writeFileSync(join(root, 'src/shared/generated/entities/old-entity.ts'), 'export {};\n');
    const models = join(root, 'prisma/models.prisma');
    writeFileSync(models, readFileSync(models, 'utf8').replace('model Job {', 'model Job {\n  extra String?'));

    expect(checkDrift(root, outputs).sort()).toEqual([
      'prisma/models.prisma differs from what spec/ compiles to',
      'src/shared/generated/constants.ts is missing',
      'src/shared/generated/entities/job.ts differs from what spec/ compiles to',
      'src/shared/generated/entities/old-entity.ts is stray: spec/ no longer makes it',
    ]);
    const report = await compileInto(root, spec);
    expect(report.deleted).toEqual(['src/shared/generated/entities/old-entity.ts']);
    expect(checkDrift(root, outputs)).toEqual([]);
  });

  it("deletes a removed entity's file and its models; the hand-written models stay", async () => {
    await compileInto(root, smallSpec());
    expect(existsSync(join(root, 'src/shared/generated/entities/job.ts'))).toBe(true);
    expect(readFileSync(join(root, 'prisma/models.prisma'), 'utf8')).toContain('model Job {');

    const report = await compileInto(root, emptySpec());
    expect(report.deleted.sort()).toEqual([
      'src/shared/generated/entities/customer.ts',
      'src/shared/generated/entities/job.ts',
    ]);
    const models = readFileSync(join(root, 'prisma/models.prisma'), 'utf8');
    expect(models).not.toMatch(/model (Job|Customer|SpecCounter) \{/);
    expect(models).not.toContain('jobs Job[]');
    for (const model of ['User', 'Session', 'EmailOutbox']) expect(models).toContain(`model ${model} {`);
  });
});
