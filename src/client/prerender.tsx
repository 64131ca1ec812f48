// First: every schema built later must find zod's eval-free setting.
import './zod-without-eval.ts';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { AppRoot, createRouter } from './app.tsx';
import { renderFirstScreenAtOnce } from './router/router.tsx';

/**
 * The markup of `url`'s first screen, as the browser's first render draws it: the shell,
 * and the screen with nobody known to be signed in yet (the viewer still being asked
 * for, as in the browser before its answer). Run by the build (tools/build/prerender.ts);
 * the server puts it in the page, and main.tsx hydrates it
 * (docs/decisions/0035-prerendered-first-paint.md).
 */
export async function prerender(url: string): Promise<string> {
  const router = createRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  renderFirstScreenAtOnce();
  await router.load();
  return renderToString(<AppRoot router={router} />);
}
