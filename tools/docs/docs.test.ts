import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../../src/server/paths.ts';
import { appRouter } from '../../src/server/router.ts';
import { listProcedures } from '../../src/server/trpc/procedure-list.ts';
import { formatMarkdown } from './format-markdown.ts';
import { renderAccessDoc, renderErrorsDoc, withGeneratedSpec } from './render.ts';
import { specPoints as specPointNames } from '../../src/shared/spec/points.ts';
import { loadSpec } from '../spec/load.ts';
import { pointStatuses } from '../spec/spec-model.ts';
import { specPoints } from './spec-points.ts';

const read = (file: string) => readFileSync(join(appRoot, file), 'utf8');

describe('docs/errors.md', () => {
  it('lists exactly the catalogue in src/shared/errors.ts (run npm run docs when it fails)', async () => {
    expect(read('docs/errors.md')).toBe(await formatMarkdown(renderErrorsDoc(), 'docs/errors.md'));
  });
});

describe('docs/access.md', () => {
  it('is the role × procedure matrix of the current router (run npm run docs when it fails)', async () => {
    expect(read('docs/access.md')).toBe(await formatMarkdown(renderAccessDoc(), 'docs/access.md'));
  });
});

describe('docs/spec.md, the map of the nine points', () => {
  it('shows the current status of every point and every operation (run npm run docs when it fails)', async () => {
    const current = read('docs/spec.md');
    const statuses = pointStatuses(await loadSpec(join(appRoot, 'spec')));
    expect(current).toBe(await formatMarkdown(withGeneratedSpec(current, statuses), 'docs/spec.md'));
  });

  it('has nine points, numbered 1 to 9, each with at least one home', () => {
    expect(specPoints.map((point) => point.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The same points, in the same order, as the spec's own list (src/shared/spec/points.ts).
    expect(specPoints.map(({ number, name, title }) => ({ number, name, title }))).toEqual(specPointNames);
    for (const point of specPoints) expect(point.homes.length, point.title).toBeGreaterThan(0);
  });

  it('names only files and folders that exist', () => {
    // Paths with <placeholders> are patterns in recipes, not files.
    const named = [...read('docs/spec.md').matchAll(/`((?:src|prisma|docs|e2e|spec|examples)\/[^`\s<]+)`/g)].map(
      (match) => String(match[1]).replace(/\/$/, ''),
    );
    const homes = specPoints.flatMap((point) => point.homes.map((home) => home.replace(/\/$/, '')));
    const missing = [...new Set([...named, ...homes])].filter((path) => !existsSync(join(appRoot, path)));
    expect(named.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('lists every placeholder operation of the router as not specified', () => {
    const spec = read('docs/spec.md');
    const placeholders = listProcedures(appRouter).filter(({ meta }) => meta.placeholder);
    expect(placeholders.length).toBeGreaterThan(0);
    for (const { path, type } of placeholders) {
      expect(spec).toMatch(
        new RegExp(`\\| \`${path.replaceAll('.', '\\.')}\` +\\| ${type} +\\|.*\\| placeholder: not specified +\\|`),
      );
    }
  });
});
