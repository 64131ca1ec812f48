import { useSyncExternalStore } from 'react';
import { themeStorageKey } from '../../shared/theme-script.ts';
import { applyTheme, darkQuery, readPreference, type Theme, type ThemePreference } from './theme-rule.ts';

export type { Theme, ThemePreference } from './theme-rule.ts';
const listeners = new Set<() => void>();

function apply() {
  applyTheme();
  for (const listener of listeners) listener();
}

/** Saves the choice and applies it at once, in this tab and (through `storage`) in the others. */
export function setThemePreference(preference: ThemePreference) {
  try {
    if (preference === 'system') localStorage.removeItem(themeStorageKey);
    else localStorage.setItem(themeStorageKey, preference);
  } catch {
    // Not saved; it still applies until the page reloads.
  }
  apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    darkQuery().addEventListener('change', apply);
    window.addEventListener('storage', apply);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      darkQuery().removeEventListener('change', apply);
      window.removeEventListener('storage', apply);
    }
  };
}

const snapshot = () => `${readPreference()}:${document.documentElement.classList.contains('dark') ? 'dark' : 'light'}`;

/** The person's choice and the theme in effect; re-renders when either changes (another tab, the system). */
export function useTheme(): { preference: ThemePreference; theme: Theme } {
  const [preference, theme] = useSyncExternalStore(subscribe, snapshot).split(':') as [ThemePreference, Theme];
  return { preference, theme };
}
