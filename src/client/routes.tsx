import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { AppShell } from './components/app-shell.tsx';
import { RouteError } from './components/route-error.tsx';
import { HomeScreen } from './screens/home-screen.tsx';
import { NotFoundScreen } from './screens/not-found-screen.tsx';

/**
 * [2] Screens and routes: the one table of every screen the app has.
 * The home screen ships in the first chunk; every other screen is its own chunk.
 */
const rootRoute = createRootRoute({
  component: AppShell,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteError,
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomeScreen,
});

const statusRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/status',
  component: lazyRouteComponent(() => import('./screens/status-screen.tsx'), 'StatusScreen'),
});

const recordsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/records',
  // Its own chunk: the form kit (react-hook-form) loads with it, not with the first page.
  component: lazyRouteComponent(() => import('./screens/records-screen.tsx'), 'RecordsScreen'),
});

const routeTree = rootRoute.addChildren([homeRoute, statusRoute, recordsRoute]);

export const router = createRouter({ routeTree, defaultPreload: 'intent' });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
