import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the prerendered markup and while React hydrates it, true from then on (and at
 * once in a page rendered in the browser). For what must not work before the page's code
 * does: a form submitted before hydration would be sent by the browser itself, as a GET
 * with the password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
