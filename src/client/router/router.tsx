import {
  createContext,
  createElement,
  Fragment,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { navigate as go, usePathname, useSearch as useSearchText } from 'wouter/use-browser-location';
import type { LazyScreen } from './lazy-screen.ts';
import { hrefOf, isActive, matchPath, type ActiveOptions, type ParamNames, type PathMatch } from './paths.ts';
import { RouteBoundary, type RouteErrorProps } from './route-boundary.tsx';

/**
 * A small typed router over the browser's history (wouter's location hooks): the route
 * table in src/client/routes.tsx decides what each address shows, and `Link`,
 * `useNavigate`, `useSearch` and `useParams` accept only its paths, with the params and
 * search values each path takes (docs/decisions/0018-client-router.md).
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

const hrefOfTarget = (target: { to: string; params?: Record<string, string>; search?: object }) =>
  hrefOf(target.to, target.params, target.search);

const RoutesContext = createContext<RouteTable>({});
const MatchContext = createContext<PathMatch | undefined>(undefined);

const isLazy = (screen: unknown): screen is LazyScreen<never> =>
  typeof screen === 'object' && screen !== null && 'kind' in screen && screen.kind === 'lazy';

type Frame = ComponentType<{ children?: ReactNode }>;

/** Renders a screen or layout of the table, lazy or not. */
function Show({ screen, children }: { screen: Screen<{ children: ReactNode }> | Screen; children?: ReactNode }) {
  const component = (isLazy(screen) ? screen.Component : screen) as Frame;
  return createElement(component, { children });
}

function Redirect({ to }: { to: string }) {
  useLayoutEffect(() => {
    go(to, { replace: true });
  }, [to]);
  return null;
}

const Bare = ({ children }: { children: ReactNode }) => <Fragment>{children}</Fragment>;

interface RouterProps {
  routes: RouteTable;
  /** The frame around every screen (header, navigation, footer); it renders its `children`. */
  shell: ComponentType<{ children: ReactNode }>;
  notFound: ComponentType;
  /** Shown in place of a screen that failed to load or render. */
  error: ComponentType<RouteErrorProps>;
}

/** Renders the screen the address names, inside the shell and the screen's layout. */
export function Router({ routes, shell: Shell, notFound: NotFound, error }: RouterProps) {
  const pathname = usePathname();
  const match = matchPath(Object.keys(routes), pathname);
  const route = match ? routes[match.path] : undefined;
  const firstPath = useRef(pathname);

  // A new screen starts at its top, as after a full page load.
  useEffect(() => {
    if (pathname !== firstPath.current) window.scrollTo(0, 0);
    firstPath.current = '';
  }, [pathname]);

  let content: ReactNode;
  if (!match || !route) content = <NotFound />;
  else if ('redirect' in route) content = <Redirect to={route.redirect} />;
  else {
    const forget = () => {
      for (const screen of [route.screen, route.layout]) if (isLazy(screen)) screen.forget();
    };
    content = (
      <RouteBoundary key={route.layout ? 'layout' : match.path} fallback={error} onReset={forget}>
        <Suspense fallback={null}>
          <Show screen={route.layout ?? Bare}>
            <RouteBoundary key={match.path} fallback={error} onReset={forget}>
              <Suspense fallback={null}>
                <Show screen={route.screen} />
              </Suspense>
            </RouteBoundary>
          </Show>
        </Suspense>
      </RouteBoundary>
    );
  }
  return (
    <RoutesContext value={routes}>
      <MatchContext value={match}>
        <Shell>{content}</Shell>
      </MatchContext>
    </RoutesContext>
  );
}

export { usePathname };

/** The `:name` values of the current address, for the screen of `path`. */
export function useParams<P extends RoutePath>(path: P): Record<ParamNames<P>, string> {
  const match = use(MatchContext);
  if (match?.path !== path) throw new Error(`useParams('${path}') outside its screen.`);
  return match.params;
}

/** The search values of the current address, as the route of `path` reads them. */
export function useSearch<P extends RoutePath>(path: P): SearchOf<P> {
  const routes = use(RoutesContext);
  const text = useSearchText();
  const route = routes[path];
  const read = route && 'search' in route ? route.search : undefined;
  if (!read) throw new Error(`The route ${path} takes no search values.`);
  return read(Object.fromEntries(new URLSearchParams(text))) as SearchOf<P>;
}

/** Goes to a path of the table; `replace` leaves no history entry for where it came from. */
export function useNavigate() {
  return <P extends RoutePath>(target: Target<P> & { replace?: boolean }) => {
    go(hrefOfTarget(target), { replace: target.replace ?? false });
  };
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

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  !event.defaultPrevented &&
  event.button === 0 &&
  !event.metaKey &&
  !event.altKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  (!event.currentTarget.target || event.currentTarget.target === '_self');

/** A link to a path of the table. A plain click navigates in the page; pointing at it fetches the screen's code. */
export function Link<P extends RoutePath>(props: LinkProps<P>) {
  const { to, params, search, activeProps, activeOptions, reloadDocument, replace, ...anchor } = props;
  const routes = use(RoutesContext);
  const pathname = usePathname();
  const currentSearch = useSearchText();
  const href = hrefOf(to, params, search);
  const active = isActive(href, { pathname, search: currentSearch }, activeOptions);
  const preload = () => {
    const route = routes[to];
    if (!route || 'redirect' in route) return;
    for (const screen of [route.screen, route.layout]) if (screen && isLazy(screen)) screen.preload();
  };
  return (
    <a
      {...anchor}
      {...(active ? activeProps : {})}
      href={href}
      onMouseEnter={(event) => {
        anchor.onMouseEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        anchor.onFocus?.(event);
        preload();
      }}
      onClick={(event) => {
        anchor.onClick?.(event);
        if (reloadDocument || !isPlainClick(event)) return;
        event.preventDefault();
        go(href, { replace: replace ?? false });
      }}
    />
  );
}
