import { createElement, lazy, type ComponentType } from 'react';

/** A screen (or layout) whose code is its own chunk, fetched when first shown or pointed at. */
export interface LazyScreen<P extends object = object> {
  readonly kind: 'lazy';
  /** Starts fetching the chunk, e.g. while a link to the screen is hovered. */
  preload(): void;
  /** Renders the screen once its chunk is in (suspending until then). */
  readonly Component: ComponentType<P>;
  /** After a failure: the next render fetches the chunk anew instead of showing the failure again. */
  forget(): void;
}

/** A chunk that failed to arrive, as browsers word it (Chromium, Firefox, Safari). */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;
const RELOADED_KEY = 'rpc-monolith:reloaded-for-chunk';

/**
 * A chunk that cannot be fetched usually means a new deploy replaced it while this page
 * was open: the page reloads once to get the new shell (which names the new chunks). A
 * second failure for the same chunk is shown by the route's error screen, not reloaded
 * again, so a broken chunk or a lost connection never loops.
 */
function reloadOnce(error: unknown): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  if (CHUNK_FAILURE.test(message) && sessionStorage.getItem(RELOADED_KEY) !== message) {
    sessionStorage.setItem(RELOADED_KEY, message);
    window.location.reload();
    return new Promise<never>(() => undefined);
  }
  return Promise.reject(error instanceof Error ? error : new Error(message));
}

/**
 * `lazyScreen(() => import('./screens/status-screen.tsx'), 'StatusScreen')`: the named
 * export of a module, loaded on first use. One fetch is shared by preloads and renders; a
 * failed one is forgotten, so trying again fetches anew.
 */
export function lazyScreen<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(
  loader: () => Promise<M>,
  exportName: K,
): LazyScreen<M[K] extends ComponentType<infer P> ? P & object : object> {
  let pending: Promise<M> | undefined;
  const fetchOnce = () =>
    (pending ??= loader().then(
      (module) => {
        sessionStorage.removeItem(RELOADED_KEY);
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        return reloadOnce(error);
      },
    ));
  type Props = M[K] extends ComponentType<infer P> ? P & object : object;
  const loadComponent = () => lazy(async () => ({ default: (await fetchOnce())[exportName] as ComponentType<Props> }));
  // React remembers a lazy component's failure for good: a new one is made to try again.
  let current = loadComponent();
  return {
    kind: 'lazy',
    preload: () => {
      fetchOnce().catch(() => undefined);
    },
    Component: (props: Props) => createElement(current, props),
    forget: () => {
      current = loadComponent();
    },
  };
}
