// First: every schema built later must find zod's eval-free setting.
import './zod-without-eval.ts';
import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, createRouter } from './app.tsx';
import { preloadErrorReporter } from './notifications/global-errors.ts';
import { prepareHydration } from './router/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// The server sends a few public pages with their first screen already drawn (prerendered at
// build time, docs/decisions/0035-prerendered-first-paint.md): React takes that markup over
// once the screen's code is in, in a transition, so that it hydrates in short slices. Every
// other page starts empty and renders here. The page is painted already, so each step is
// its own task (a long task delays input), and the error reporter is fetched only after.
if (container.firstElementChild) {
  void (async () => {
    await nextTask();
    const router = createRouter();
    await nextTask();
    await prepareHydration(router);
    await nextTask();
    // Sent without a session cookie, the page was drawn for someone signed out (known-viewer.ts).
    const signedOut = container.dataset.signedOut !== undefined;
    startTransition(() => {
      hydrateRoot(
        container,
        <Hydrated>
          <AppRoot router={router} signedOut={signedOut} />
        </Hydrated>,
      );
    });
    whenIdle(preloadErrorReporter);
  })();
} else {
  createRoot(container).render(<AppRoot router={createRouter()} />);
  // The error reporter is not in the first chunk; fetch it once the page is idle, so an
  // error later (even offline) finds it loaded.
  whenIdle(preloadErrorReporter);
}

/**
 * No markup of its own: once React has taken the page over, it says so on #root. A page
 * that waited for its first use (first-use/entry.ts, which listens for the same name)
 * then makes the press it kept.
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    container?.dispatchEvent(new Event('app:hydrated'));
  }, []);
  return children;
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback);
  else setTimeout(callback, 1000);
}
