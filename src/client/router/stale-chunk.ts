/**
 * A chunk that cannot be fetched while a screen opens usually means a deploy replaced
 * it while this page was open: Vite announces it as `vite:preloadError`, and the page
 * reloads once to get the new shell, which names the new chunks. The address reloaded
 * for is remembered in sessionStorage, so a second failure there (a broken chunk, a lost
 * connection) shows the route's error screen instead of reloading again: no loop.
 */

const RELOADED_KEY = 'rpc-monolith:reloaded-for-chunk';

type GuardStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Whether to reload for a failed chunk at `address`; records the reload when it says yes. */
export function shouldReloadForChunk(storage: GuardStorage, address: string): boolean {
  if (storage.getItem(RELOADED_KEY) === address) return false;
  storage.setItem(RELOADED_KEY, address);
  return true;
}

/** After a screen opened without failing: a later deploy may reload the page again. */
export function forgetChunkReload(storage: GuardStorage): void {
  storage.removeItem(RELOADED_KEY);
}

export interface StaleChunkOptions {
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  storage: GuardStorage;
  /** The current address (path and search). */
  address: () => string;
  /**
   * Whether a screen is being opened. A chunk fetched because a link was pointed at
   * (preload) fails quietly: the page never reloads under the pointer; opening the
   * screen tries again and reloads then.
   */
  isOpeningScreen: () => boolean;
  reload: () => void;
}

/** Listens for Vite's `vite:preloadError`; returns the function that stops listening. */
export function reloadOnStaleChunk(options: StaleChunkOptions): () => void {
  const listener = (event: Event) => {
    if (!options.isOpeningScreen() || !shouldReloadForChunk(options.storage, options.address())) return;
    // Vite then resolves the import with nothing instead of failing; the screen waits for the reload.
    event.preventDefault();
    options.reload();
  };
  options.target.addEventListener('vite:preloadError', listener);
  return () => {
    options.target.removeEventListener('vite:preloadError', listener);
  };
}
