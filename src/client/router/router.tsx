import {
  createRootRoute,
  createRoute,
  createRouter,
  Link as RouterLink,
  Outlet,
  redirect,
  RouterProvider,
  useNavigate as useRouterNavigate,
  useParams as useRouterParams,
  useRouter,
  useRouterState,
  useSearch as useRouterSearch,
  type AnyRoute,
  type AnyRouter,
  type ErrorComponentProps,
  type RouterHistory,
} from '@tanstack/react-router';
import {
  createElement,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { LazyScreen } from './lazy-screen.ts';
import { toRouterPath, type ParamNames } from './path-syntax.ts';
import type { SafePath } from './safe-redirect.ts';
import { parseSearch, stringifySearch } from './search-params.ts';
import { forgetChunkReload, reloadOnStaleChunk } from './stale-chunk.ts';

/**
 * The app's router: TanStack Router, built from the one route table in
 * src/client/routes.tsx (docs/decisions/0026-tanstack-router.md). Screens use only this
 * module's `Link`, `useNavigate`, `useSearch`, `useParams` and `usePathname`, which accept
 * the table's paths (`/mailbox/:id`), with the params and search values each path takes,
 * checked at compile time.
 */

export type Screen<P extends object = object> = ComponentType<P> | LazyScreen<P>;

export interface ScreenRoute {
  screen: Screen;
  /** The screen's search values, read from the address; a value it does not accept is dropped, never an error. */
  search?: (raw: Record<string, unknown>) => object;
  /** A frame shared by a group of screens (a sub-navigation), around the screen. */
  layout?: Screen<{ children: ReactNode }>;
}

/** An address kept for links that predate a change: it replaces itself with `redirect`. */
export interface RedirectRoute {
  redirect: string;
}

export type RouteTable = Record<string, ScreenRoute | RedirectRoute>;

/** The app's route table, registered by routes.tsx (`declare module`), which types every link. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface Register {}
type Routes = Register extends { routes: infer R extends RouteTable } ? R : RouteTable;
export type RoutePath = Extract<keyof Routes, string>;
type SearchOf<P extends RoutePath> = Routes[P] extends { search: (raw: never) => infer S extends object } ? S : never;

/** Where a link or navigation goes: a path of the table, its `:name` values, its search values. */
export type Target<P extends RoutePath> = { to: P } & ([ParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<P>, string> }) &
  ([SearchOf<P>] extends [never] ? { search?: undefined } : { search?: SearchOf<P> });

/** Any target of the table: one of `Target<P>` for each path. */
export type AnyTarget = { [P in RoutePath]: Target<P> }[RoutePath];

/** What a route's error screen gets: a way to try the route again. */
export interface RouteErrorProps {
  reset: () => void;
}

const isLazy = (screen: unknown): screen is LazyScreen<never> =>
  typeof screen === 'object' && screen !== null && 'kind' in screen && screen.kind === 'lazy';

type Frame = ComponentType<{ children?: ReactNode }>;
type RouteComponent = (() => ReactNode) & { preload?: () => Promise<void> };

/** Whether a screen has rendered since the page loaded. */
let firstScreenShown = false;

/**
 * The first screen renders in the same pass as the shell, not in a deferred one: for a
 * page prerendered at build time (prerender.tsx) and for its hydration, which must
 * produce the same markup (docs/decisions/0035-prerendered-first-paint.md).
 */
export function renderFirstScreenAtOnce(): void {
  firstScreenShown = true;
}

/**
 * A screen or layout as a route component; a lazy one's chunk is fetched before it shows, or
 * when a link is pointed at. On the page's first load the shell commits and paints first,
 * and the screen renders in a deferred (concurrent) pass that React splits into short tasks,
 * instead of one long synchronous render started by the router's store. Screens opened
 * later render at once.
 */
function routeComponent(screen: Screen<{ children: ReactNode }> | Screen, outlet: boolean): RouteComponent {
  const component = (isLazy(screen) ? screen.Component : screen) as Frame;
  const Component: RouteComponent = () => {
    const show = useDeferredValue(true, firstScreenShown);
    useEffect(() => {
      if (show) firstScreenShown = true;
    }, [show]);
    return show ? createElement(component, null, outlet ? <Outlet /> : null) : null;
  };
  if (isLazy(screen)) Component.preload = () => screen.preload();
  return Component;
}

/** The search readers of the table's routes, for `useSearch`. */
let searchReaders = new Map<string, (raw: Record<string, unknown>) => object>();

export interface RouterProps {
  routes: RouteTable;
  /** The frame around every screen (header, navigation, footer); it renders its `children`. */
  shell: ComponentType<{ children: ReactNode }>;
  notFound: Screen;
  /** Shown in place of a screen that failed to load or render. */
  error: ComponentType<RouteErrorProps>;
}

/**
 * The app's router over the route table. In the browser it follows the address bar; the
 * build's prerender passes a memory `history` holding the one address it renders, and gets
 * no scroll restoration (on a server render that is an inline script, which the CSP refuses).
 */
export function createAppRouter(
  { routes, shell: Shell, notFound, error: ErrorScreen }: RouterProps,
  { history }: { history?: RouterHistory } = {},
): AnyRouter {
  const NotFound = routeComponent(notFound, false);
  const root = createRootRoute({
    component: () => (
      <Shell>
        <Outlet />
      </Shell>
    ),
    // Its own chunk, fetched only when an address names no screen.
    notFoundComponent: () => (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    ),
  });

  const layouts = new Map<Screen<{ children: ReactNode }>, { route: AnyRoute; children: AnyRoute[] }>();
  const topLevel: AnyRoute[] = [];
  searchReaders = new Map();
  for (const [path, entry] of Object.entries(routes)) {
    const routerPath = toRouterPath(path);
    if ('redirect' in entry) {
      const to = entry.redirect;
      topLevel.push(
        createRoute({
          getParentRoute: () => root,
          path: routerPath,
          beforeLoad: () => {
            // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's way to redirect
            throw redirect({ href: to, replace: true });
          },
        }),
      );
      continue;
    }
    let parent: AnyRoute = root;
    let siblings = topLevel;
    if (entry.layout) {
      let layout = layouts.get(entry.layout);
      if (!layout) {
        const component = routeComponent(entry.layout, true);
        layout = {
          route: createRoute({ getParentRoute: () => root, id: `layout-${layouts.size + 1}`, component }),
          children: [],
        };
        layouts.set(entry.layout, layout);
        topLevel.push(layout.route);
      }
      parent = layout.route;
      siblings = layout.children;
    }
    if (entry.search) searchReaders.set(path, entry.search);
    siblings.push(
      createRoute({
        getParentRoute: () => parent,
        path: routerPath,
        component: routeComponent(entry.screen, false),
        ...(entry.search ? { validateSearch: entry.search } : {}),
      }),
    );
  }
  for (const layout of layouts.values()) layout.route.addChildren(layout.children);

  // "Try again": fetch what failed anew (a lazy screen forgets a failed fetch) and render again.
  function RouteErrorBridge({ reset }: ErrorComponentProps) {
    const router = useRouter();
    return (
      <ErrorScreen
        reset={() => {
          reset();
          void router.invalidate();
        }}
      />
    );
  }

  return createRouter({
    routeTree: root.addChildren(topLevel),
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteErrorBridge,
    defaultOnCatch: (caught: unknown) => {
      console.error('A screen failed', caught);
    },
    scrollRestoration: history === undefined,
    ...(history ? { history } : {}),
  });
}

/**
 * Makes the router render the same tree as it did on the server, so that React can hydrate
 * the prerendered markup: TanStack Router sets `ssr` when it hydrates its own server
 * render, and it changes only the boundaries around the matches (the root's Suspense).
 * Then the address's screen is loaded (its chunk, named in the page as module preloads),
 * so the first render is the screen, not a pending state.
 */
export async function prepareHydration(router: AnyRouter): Promise<void> {
  router.ssr = { manifest: undefined };
  renderFirstScreenAtOnce();
  await router.load();
}

/** Renders the screen the address names, inside the shell and the screen's layout. */
export function Router({ router }: { router: AnyRouter }) {
  useEffect(() => {
    const stopListening = reloadOnStaleChunk({
      target: window,
      storage: sessionStorage,
      address: () => `${window.location.pathname}${window.location.search}`,
      isOpeningScreen: () => router.state.isLoading || router.state.status === 'pending',
      reload: () => {
        window.location.reload();
      },
    });
    const stopWatching = router.subscribe('onResolved', () => {
      if (router.state.matches.every((match) => match.status === 'success')) forgetChunkReload(sessionStorage);
    });
    return () => {
      stopListening();
      stopWatching();
    };
  }, [router]);

  return <RouterProvider router={router} />;
}

/** The path of the current address (`/mailbox/e1`). */
export function usePathname(): string {
  return useRouterState({ select: (state) => state.location.pathname });
}

/**
 * The `redirect` search value of a sign-in link from here: the current path and search,
 * so sign-in returns to this page. None from home (the default) or the sign-in page.
 */
export function useSignInReturn(): { redirect?: SafePath } {
  const address = useRouterState({
    select: (state) => (state.location.pathname === '/sign-in' ? '/' : state.location.href),
  });
  return address === '/' ? {} : { redirect: address as SafePath };
}

/** The `:name` values of the current address, for the screen of `path`. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- `path` types the result
export function useParams<P extends RoutePath>(path: P): Record<ParamNames<P>, string> {
  const params: Record<string, string> = useRouterParams({ strict: false });
  return params;
}

/** The search values of the current address, as the route of `path` reads them. */
export function useSearch<P extends RoutePath>(path: P): SearchOf<P> {
  const raw: Record<string, unknown> = useRouterSearch({ strict: false });
  const read = searchReaders.get(path);
  if (!read) throw new Error(`The route ${path} takes no search values.`);
  // The router keeps every value of the address beside the route's own; the reader keeps only its own.
  return read(raw) as SearchOf<P>;
}

/** A navigation: a target of the table, or an address checked by `safeRedirect` (after sign-in). */
export type NavigateTarget<P extends RoutePath> = (Target<P> | { to?: undefined; href: SafePath }) & {
  /** Leave no history entry for where it came from. */
  replace?: boolean;
};

/** Goes to a path of the table; `replace` leaves no history entry for where it came from. */
export function useNavigate() {
  const navigate = useRouterNavigate();
  return useCallback(
    <P extends RoutePath>(target: NavigateTarget<P>) => {
      const replace = target.replace ?? false;
      if ('href' in target) void navigate({ href: target.href, replace });
      else
        void navigate({
          to: toRouterPath(target.to),
          params: target.params ?? {},
          search: target.search ?? {},
          replace,
        } as Parameters<typeof navigate>[0]);
    },
    [navigate],
  );
}

interface ActiveOptions {
  /** Only this very path; otherwise the path and every path below it. `/` is always exact. */
  exact?: boolean;
  /** The link's search values must be in the address too (default). */
  includeSearch?: boolean;
}

type LinkProps<P extends RoutePath> = Target<P> &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
    /** Attributes the link gets while it points at the current page (`aria-current`). */
    activeProps?: AnchorHTMLAttributes<HTMLAnchorElement> & { 'aria-current'?: 'page' };
    activeOptions?: ActiveOptions;
    /** A full page load instead of a client-side navigation. */
    reloadDocument?: boolean;
    replace?: boolean;
  };

// The table's own types check the props; TanStack's are for routes it has registered.
const AnyLink = RouterLink as unknown as ComponentType<Record<string, unknown>>;

/** A link to a path of the table. A plain click navigates in the page; pointing at it fetches the screen's code. */
export function Link<P extends RoutePath>(props: LinkProps<P>) {
  const { to, params, search, activeOptions, ...rest } = props;
  return (
    <AnyLink
      {...rest}
      to={toRouterPath(to)}
      params={params ?? {}}
      search={search ?? {}}
      activeOptions={to === '/' ? { ...activeOptions, exact: true } : activeOptions}
    />
  );
}
