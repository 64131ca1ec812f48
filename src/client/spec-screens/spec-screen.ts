import { lazyScreen, type LazyScreen } from '../router/lazy-screen.ts';

/**
 * [2] One screen of the specification as the client knows it (src/client/generated/screens.ts):
 * where it is, what it is called, what it shows and who sees it.
 */
export interface SpecScreen {
  /** The spec's name of the screen: 'workOrders'. */
  readonly name: string;
  /** The route table's path: '/work-orders/:id'. */
  readonly route: string;
  readonly title: string;
  readonly kind: 'list' | 'detail' | 'form' | 'custom';
  /** The entity a list, detail or form shows; null for a custom screen. */
  readonly entity: string | null;
  /** Who sees it: anyone, anyone signed in, or the roles named (an administrator sees every screen). */
  readonly who: 'public' | 'signed-in' | readonly string[];
}

/**
 * A generated list, detail or form screen for the route table: one chunk holds the three
 * building blocks and the screen table, so the first chunk carries only the screen's name.
 */
export function specScreen(name: string): LazyScreen {
  return lazyScreen(
    () => import('./spec-screen-view.tsx').then((module) => ({ Screen: module.screenComponent(name) })),
    'Screen',
  );
}
