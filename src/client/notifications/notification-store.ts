export interface NotificationState {
  /** Set by the first UNAUTHENTICATED answer; stays until the page is reloaded or someone signs in. */
  signedOut: boolean;
}

/**
 * The app-wide signed-out state as a tiny external store, so the query and mutation
 * caches, which live outside React, can raise it, and React reads it with
 * `useSyncExternalStore`. Toasts are not here: they go through `notices` (notices.ts).
 */
export function createNotificationStore() {
  let state: NotificationState = { signedOut: false };
  const listeners = new Set<() => void>();

  function set(next: NotificationState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: (): NotificationState => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markSignedOut(): void {
      if (!state.signedOut) set({ signedOut: true });
    },
    /** Someone signed in: the banner's request is answered. */
    clearSignedOut(): void {
      if (state.signedOut) set({ signedOut: false });
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
