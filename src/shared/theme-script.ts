/** Where the browser keeps the chosen theme: `light`, `dark` or absent (follow the system). */
export const themeStorageKey = 'theme';

/**
 * Runs in the page's <head> before the first paint and puts `dark` on <html> when the
 * saved choice, or the system when there is none, asks for it, so a dark page never
 * flashes light. Inline, so the page needs no extra request; the CSP allows exactly
 * this text by its hash (server/plugins/security-headers.ts), which is why it lives
 * here, where both the build and the server read it. client/theme/theme.ts applies
 * later changes the same way.
 */
export const themeScript =
  `(function(){try{var t=localStorage.getItem('${themeStorageKey}');` +
  `var d=t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);` +
  `document.documentElement.classList.toggle('dark',d)}catch(e){}})()`;
