// First: every schema built later must find zod's eval-free setting.
import './zod-without-eval.ts';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { PrerenderedPage } from '../server/plugins/prerendered-pages.ts';
import { AppRoot, createRouter } from './app.tsx';
import { renderFirstScreenAtOnce } from './router/router.tsx';
import { RenderedTitle } from './use-document-title.ts';

/**
 * The markup of `url`'s first screen, as the browser's first render draws it: the shell and
 * the screen, once with nobody known to be signed in yet (the viewer still being asked for,
 * as in the browser before its answer; for a visitor with a session cookie) and once for a
 * visitor known to be signed out (no session cookie: "Sign in" in the header at once); and
 * the title its screen gives the tab. Run by the build (tools/build/prerender.ts); the server
 * puts one of them in the page, and main.tsx hydrates it
 * (docs/decisions/0035-prerendered-first-paint.md).
 */
export async function prerender(url: string): Promise<PrerenderedPage> {
  // Set by the screen's useDocumentTitle; left empty, the build refuses the page (tools/build/prerender.ts).
  let title = '';
  const render = async (signedOut: boolean) => {
    const router = createRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
    renderFirstScreenAtOnce();
    await router.load();
    return renderToString(
      <RenderedTitle
        value={(screenTitle) => {
          title = screenTitle;
        }}
      >
        <AppRoot router={router} signedOut={signedOut} />
      </RenderedTitle>,
    );
  };
  const markup = await render(false);
  const signedOutMarkup = await render(true);
  return { markup, signedOutMarkup, title };
}
