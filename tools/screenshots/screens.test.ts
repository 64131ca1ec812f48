import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { notScreens, routePaths, screens } from '../../e2e/screens.ts';

const routesFile = new URL('../../src/client/routes.tsx', import.meta.url);

describe('the list of screens (e2e/screens.ts)', () => {
  it('covers every path of src/client/routes.tsx', () => {
    const paths = routePaths(readFileSync(routesFile, 'utf8'));
    // Far fewer means routes.tsx changed shape and routePaths no longer reads it.
    expect(paths.length, `paths read from routes.tsx: ${paths.join(', ')}`).toBeGreaterThanOrEqual(10);
    const listed = new Set([...screens.map((screen) => screen.route), ...Object.keys(notScreens)]);
    const missing = paths.filter((path) => !listed.has(path));
    expect(missing, 'routes with no entry in e2e/screens.ts (add a screen, or to notScreens with why)').toEqual([]);
  });

  it('names no route that routes.tsx lacks, and each screen once', () => {
    const paths = new Set(routePaths(readFileSync(routesFile, 'utf8')));
    const routes = screens.flatMap((screen) => (screen.route === null ? [] : [screen.route]));
    expect(routes.filter((route) => !paths.has(route))).toEqual([]);
    const names = screens.map((screen) => screen.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('reads paths from an object table and from an array of routes', () => {
    expect(routePaths("export const routes = {\n  '/': { screen: Home },\n  '/a/:id': { screen: A },\n};")).toEqual([
      '/',
      '/a/:id',
    ]);
    expect(
      routePaths('const b = createRoute({ getParentRoute: () => root, path: \'/b\' });\n[{ path: "/c" }]'),
    ).toEqual(['/b', '/c']);
  });
});
