import { themeStorageKey } from '../../shared/theme-script.ts';

/** What a person chose: a fixed theme, or whatever their system uses. */
export type ThemePreference = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

export const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function readPreference(): ThemePreference {
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

/**
 * The same rule as the head script (shared/theme-script.ts), for changes after load. Apart
 * from theme.ts (no React), so that a page waiting for its first use follows the system
 * too (first-use/entry.ts).
 */
export function applyTheme(): void {
  document.documentElement.classList.toggle('dark', resolve(readPreference()) === 'dark');
}
