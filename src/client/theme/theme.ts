import { useSyncExternalStore } from 'react';
import { themeStorageKey } from '../../shared/theme-script.ts';

/** What a person chose: a fixed theme, or whatever their system uses. */
export type ThemePreference = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(themeStorageKey);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    // Storage can be off (private modes, policies): the system decides.
    return 'system';
  }
}

function resolve(preference: ThemePreference): Theme {
  if (preference !== 'system') return preference;
  return darkQuery().matches ? 'dark' : 'light';
}

/** The same rule as the head script (shared/theme-script.ts), for changes after load. */
function apply() {
  document.documentElement.classList.toggle('dark', resolve(readPreference()) === 'dark');
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
