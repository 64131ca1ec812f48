import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { routes } from '../../src/client/routes.tsx';
import { routeChunks, routeModules, specRouteModules, specScreenModule } from './route-preloads.ts';

const routesSource = readFileSync('src/client/routes.tsx', 'utf8');
const specRoutesSource = readFileSync('src/client/generated/routes.ts', 'utf8');

describe('routeModules', () => {
  const modules = { ...routeModules(routesSource), ...specRouteModules(specRoutesSource) };

  it('reads every route of the table in routes.tsx and of the spec’s routes, and no other', () => {
    expect(Object.keys(modules).sort()).toEqual(Object.keys(routes).sort());
  });

  it("names each lazy screen's module, and its layout's first", () => {
    expect(modules['/sign-in']).toEqual(['./screens/sign-in-screen.tsx']);
    expect(modules['/admin/users']).toEqual(['./screens/admin-layout.tsx', './screens/admin-users-screen.tsx']);
    expect(modules['/mailbox/:id']).toEqual(['./screens/mailbox-layout.tsx', './screens/mailbox-message-screen.tsx']);
  });

  it('names nothing for a screen in the first chunk or a redirect', () => {
    expect(modules['/']).toEqual([]);
    expect(modules['/admin']).toEqual([]);
  });

  it('names a module for every lazy route (a route written another way would lose its preloads)', () => {
    for (const [path, entry] of Object.entries(routes)) {
      if ('screen' in entry && typeof entry.screen === 'object') expect(modules[path], path).not.toHaveLength(0);
    }
  });

  it('names the building blocks’ chunk for a generated screen, and its owned file for a custom one', () => {
    const spec = specRouteModules(`export const specRoutes = {
  '/work-orders': { screen: specScreen('workOrders'), search: listSearchValues },
  '/planning': { screen: lazyScreen(() => import('../screens/custom/day-plan.tsx'), 'DayPlanScreen') },
} satisfies RouteTable;`);
    expect(spec).toEqual({ '/work-orders': [specScreenModule], '/planning': ['./screens/custom/day-plan.tsx'] });
  });

  it('fails loudly when the table is not where it was', () => {
    expect(() => routeModules('export const routes = {};')).toThrow(/route table/);
  });
});

describe('routeChunks', () => {
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[]) =>
    ({ type: 'chunk', fileName, facadeModuleId, imports }) as unknown as Rollup.OutputChunk;
  const bundle: Record<string, Rollup.OutputChunk> = {
    'assets/index-1.js': chunk('assets/index-1.js', '/src/main.tsx', []),
    'assets/screen-2.js': chunk('assets/screen-2.js', '/src/screens/screen.tsx', [
      'assets/index-1.js',
      'assets/form-3.js',
    ]),
    'assets/form-3.js': chunk('assets/form-3.js', null, ['assets/index-1.js', 'assets/zod-4.js']),
    'assets/zod-4.js': chunk('assets/zod-4.js', null, []),
  };
  const chunkOf = (id: string) => Object.values(bundle).find((c) => c.facadeModuleId === id.replace('./', '/src/'));

  it("lists a screen's chunk and everything it imports, except what index.html loads", () => {
    const table = routeChunks(
      { '/x': ['./screens/screen.tsx'], '/': [] },
      chunkOf,
      bundle,
      new Set(['assets/index-1.js']),
    );
    expect(table).toEqual({ '/x': ['/assets/screen-2.js', '/assets/form-3.js', '/assets/zod-4.js'] });
  });

  it('fails the build when a screen has no chunk', () => {
    expect(() => routeChunks({ '/y': ['./screens/gone.tsx'] }, chunkOf, bundle, new Set())).toThrow(/gone\.tsx/);
  });
});
