import { createContext, useContext, useSyncExternalStore } from 'react';
import type { NotificationState, NotificationStore } from './notification-store.ts';

/** The app's one notification store; main.tsx provides it. */
export const NotificationsContext = createContext<NotificationStore | null>(null);

export function useNotificationStore(): NotificationStore {
  const store = useContext(NotificationsContext);
  if (!store) throw new Error('useNotificationStore needs <NotificationsContext value={store}>');
  return store;
}

export function useNotifications(): NotificationState {
  const store = useNotificationStore();
  // The prerender (prerender.tsx) reads the store as it is: new, with nothing to tell.
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
