import type { ClientError } from '../errors/to-client-error.ts';

export interface Toast {
  id: number;
  error: ClientError;
}

export interface NotificationState {
  /** Set by the first UNAUTHENTICATED answer; stays until the page is reloaded or someone signs in. */
  signedOut: boolean;
  /** Oldest first. */
  toasts: readonly Toast[];
}

/** More would bury the screen; the oldest go first. */
const maxToasts = 3;

/**
 * The app-wide notices (signed-out banner, toasts) as a tiny external store, so the
 * query and mutation caches, which live outside React, can raise them, and React
 * reads them with `useSyncExternalStore`.
 */
export function createNotificationStore() {
  let state: NotificationState = { signedOut: false, toasts: [] };
  let nextId = 1;
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
      if (!state.signedOut) set({ ...state, signedOut: true });
    },
    /** Someone signed in: the banner's request is answered. */
    clearSignedOut(): void {
      if (state.signedOut) set({ ...state, signedOut: false });
    },
    showToast(error: ClientError): void {
      const toast = { id: nextId++, error };
      set({ ...state, toasts: [...state.toasts, toast].slice(-maxToasts) });
    },
    dismissToast(id: number): void {
      set({ ...state, toasts: state.toasts.filter((toast) => toast.id !== id) });
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
