import { createElement, use, type ComponentType } from 'react';

/** A screen (or layout) whose code is its own chunk, fetched when first opened or pointed at. */
export interface LazyScreen<P extends object = object> {
  readonly kind: 'lazy';
  /**
   * Fetches the chunk (once; a failed fetch is forgotten, so the next call tries anew).
   * The router awaits it before showing the screen, and calls it when a link is pointed at.
   */
  preload(): Promise<void>;
  /** Renders the screen, suspending until its chunk is in (the not-found screen). */
  readonly Component: ComponentType<P>;
}

/**
 * `lazyScreen(() => import('./screens/status-screen.tsx'), 'StatusScreen')`: the named
 * export of a module, loaded on first use. A chunk left behind by a deploy reloads the
 * page (stale-chunk.ts); while that reload is under way the import yields nothing and
 * the screen waits for it.
 */
export function lazyScreen<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(
  loader: () => Promise<M>,
  exportName: K,
): LazyScreen<M[K] extends ComponentType<infer P> ? P & object : object> {
  type Props = M[K] extends ComponentType<infer P> ? P & object : object;
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  const fetchOnce = () =>
    (pending ??= loader().then(
      (module: M | undefined) => {
        if (!module) return new Promise<never>(() => undefined);
        loaded = module[exportName] as ComponentType<Props>;
        return loaded;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return {
    kind: 'lazy',
    preload: async () => {
      await fetchOnce();
    },
    Component: (props: Props) => createElement(loaded ?? use(fetchOnce()), props),
  };
}
