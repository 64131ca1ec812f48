// First: every schema built later must find zod's eval-free setting.
import './zod-without-eval.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, createRouter } from './app.tsx';
import { preloadErrorReporter } from './notifications/global-errors.ts';
import { prepareHydration } from './router/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const router = createRouter();
// The server sends a few public pages with their first screen already drawn (prerendered
// at build time, docs/decisions/0034-prerendered-first-paint.md): React takes that markup
// over once the screen's code is in, in a transition: React then hydrates in short slices
// and the page answers input in between. Every other page starts empty and renders here.
if (container.firstElementChild) {
  void prepareHydration(router).then(() => {
    startTransition(() => {
      hydrateRoot(container, <AppRoot router={router} />);
    });
  });
} else {
  createRoot(container).render(<AppRoot router={router} />);
}

// The error reporter is not in the first chunk; fetch it once the page is idle, so an
// error later (even offline) finds it loaded.
if ('requestIdleCallback' in window) requestIdleCallback(preloadErrorReporter);
else setTimeout(preloadErrorReporter, 1000);
