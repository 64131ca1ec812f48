import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceSection, writeOutputs, writeOwned } from './outputs.ts';

describe('owned files', () => {
  let root = '';
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'spec-owned-'))));
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('are written once when missing, and never again: an edit survives every compile', () => {
    const file = join(root, 'src/server/features/plan/day-plan.handler.ts');
    expect(writeOwned(file, 'export const first = 1;\n')).toBe(true);
    writeFileSync(file, 'export const edited = 2;\n');
    expect(writeOwned(file, 'export const first = 1;\n')).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('export const edited = 2;\n');

    const report = writeOutputs(root, [
      { kind: 'owned', path: 'src/server/features/plan/day-plan.handler.ts', content: 'export const third = 3;\n' },
      { kind: 'owned', path: 'src/client/screens/day-plan-screen.tsx', content: 'export {};\n' },
    ]);
    expect(report.created).toEqual(['src/client/screens/day-plan-screen.tsx']);
    expect(readFileSync(file, 'utf8')).toBe('export const edited = 2;\n');
  });
});

describe('generated sections', () => {
  it('replace only what lies between their markers', () => {
    const text = 'hand\n// start\nold\n// end\nhand again\n';
    expect(replaceSection(text, 'x', '// start', '// end', '\nnew\n')).toBe(
      'hand\n// start\nnew\n// end\nhand again\n',
    );
  });

  it('refuse a file that lost its markers, naming it', () => {
    expect(() => replaceSection('hand only\n', 'prisma/models.prisma', '// start', '// end', '')).toThrow(
      'prisma/models.prisma lacks the markers',
    );
  });
});
