import { applyTheme, darkQuery } from '../theme/theme-rule.ts';
import { keepEarlyPresses } from './early-presses.ts';
import { whenFirstUsed } from './hold.ts';

/**
 * The script of a prerendered page sent to a visitor without a session cookie
 * (src/server/plugins/first-use-shell.ts): the page is drawn signed out, and nothing on it
 * needs the app until it is used (docs/decisions/0045-app-on-first-use.md). Once the page
 * has loaded, the app's code is fetched into the cache; at the first use it runs and takes
 * the page over, and a press made meanwhile is kept and made again once it has. A link is
 * followed as a link.
 *
 * It shares no module with the app (its own chunks, vite.config.ts): the app is imported
 * by the URL the server names, and says it has hydrated with an event (main.tsx).
 */

/** Dispatched on #root by main.tsx once React has taken the page over; the same name there. */
const hydratedEvent = 'app:hydrated';

/** The server's inert template: the app's URL (`data-app`) and its code to prefetch (first-use-shell.ts). */
const appCode = document.getElementById('app-code');
const container = document.getElementById('root');
if (container && appCode instanceof HTMLTemplateElement && appCode.dataset.app) {
  const appUrl = appCode.dataset.app;
  const presses = keepEarlyPresses(container);
  // No longer waiting: presses are the app's now, and the one kept is made again.
  container.addEventListener(hydratedEvent, presses.ready, { once: true });
  // The app follows a change of the system's theme, or of the choice in another tab
  // (theme/theme.ts); until it is in, this does.
  darkQuery().addEventListener('change', applyTheme);
  window.addEventListener('storage', applyTheme);
  whenLoadedAndIdle(() => {
    document.head.append(appCode.content.cloneNode(true));
  });
  void whenFirstUsed(window).then(() => import(/* @vite-ignore */ appUrl));
}

/** Once the page has loaded and the browser has nothing else to do. */
function whenLoadedAndIdle(callback: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout: 2000 });
    else setTimeout(callback, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
