import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { specPoints, type SpecPoint, type PointName } from '../../src/shared/spec/points.ts';
import { pointLabel, type Spec } from './spec-model.ts';

/** A specification the compiler refuses: every problem, each naming its file, point and name. */
export class SpecError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The specification is refused; nothing was written.\n  ${problems.join('\n  ')}`);
    this.name = 'SpecError';
  }
}

function isSpecPoint(value: unknown): value is SpecPoint<PointName, unknown> {
  return typeof value === 'object' && value !== null && 'point' in value && 'value' in value;
}

/**
 * Loads the nine files of a spec folder (spec/ or an example's) by dynamic import, so
 * they run as the TypeScript they are (under tsx or vitest). Refuses a missing file, or
 * one whose default export is not its point's `define…` result.
 */
export async function loadSpec(dir: string): Promise<Spec> {
  const problems: string[] = [];
  const spec: Partial<Record<PointName, unknown>> = {};
  for (const { name } of specPoints) {
    const file = join(dir, `${name}.ts`);
    if (!existsSync(file)) {
      problems.push(
        `${pointLabel(name)}: the file is missing; write \`export default define…(notSpecified)\` at least.`,
      );
      continue;
    }
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
    const exported = module.default;
    if (!isSpecPoint(exported) || exported.point !== name) {
      problems.push(
        `${pointLabel(name)}: the default export must be define${name[0]?.toUpperCase()}${name.slice(1)}(…).`,
      );
      continue;
    }
    spec[name] = exported.value;
  }
  if (problems.length) throw new SpecError(problems);
  return spec as Spec;
}
