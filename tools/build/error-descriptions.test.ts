import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file under `dir`, tests excluded (they never reach a bundle). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

// The catalogue's long descriptions (src/shared/errors.ts) are for
// docs/errors.md; the client needs only codes and messages (src/shared/error-codes.ts).
describe('the error catalogue in the client bundle', () => {
  it('keeps the long descriptions out of the client: client code imports errors.ts for types only', () => {
    const clientDir = join(import.meta.dirname, '../../src/client');
    const offenders = sourceFiles(clientDir).filter((file) =>
      // A value import (not `import type`) of shared/errors.ts would bundle the descriptions.
      /^import\s+(?!type\b)[^;]*from\s+'[./]*shared\/errors\.ts'/m.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(clientDir, file))).toEqual([]);
  });
});
