import type { Page } from '@playwright/test';
import { product } from '../src/shared/product.ts';
import { expect, expectScreen, test } from './fixtures.ts';
import { openMainNav } from './accounts.ts';
import { useThePage } from './use-page.ts';

/** The paths of every script the page requests from now on. */
function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** The scripts and module preloads the HTML shell names: the initial JS. */
function initialScripts(html: string): string[] {
  return [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"|<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map(([, script, preload]) => script ?? preload ?? '');
}

/** A screen's own chunk, which Vite names after the screen's module (`status-screen.tsx`). */
const chunkOf = (screen: string) => new RegExp(`/assets/${screen}-screen-[\\w-]+\\.js$`);

test.describe('lazy screens', () => {
  test("the home page loads the initial scripts and no screen's code; each screen's code arrives when it is opened", async ({
    page,
    request,
  }) => {
    const initial = initialScripts(await (await request.get('/')).text());
    expect(initial.length).toBeGreaterThan(0);
    const scripts = scriptRequests(page);

    await page.goto('/');
    await expectScreen(page, 'Home', product.name);
    for (const path of initial) expect(scripts).toContain(path);
    // At its first use the app loads; then the shell fetches its menus, the toaster and the
    // error reporter on idle. No screen's code comes with Home.
    await useThePage(page);
    expect(scripts.filter((path) => /-screen-[\w-]+\.js$/.test(path))).toEqual([]);

    const screens = [
      {
        link: async () => (await openMainNav(page)).getByRole('link', { name: 'Status' }),
        chunk: 'status',
        title: 'Status',
        heading: 'System status',
      },
      {
        link: async () => (await openMainNav(page)).getByRole('link', { name: 'Records' }),
        chunk: 'records',
        title: 'Records',
        heading: 'Records',
      },
      {
        link: () =>
          Promise.resolve(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' })),
        chunk: 'sign-in',
        title: 'Sign in',
        heading: 'Sign in',
      },
    ];
    for (const screen of screens) {
      const before = scripts.length;
      await (await screen.link()).click();
      await expectScreen(page, screen.title, screen.heading);
      const loaded = scripts.slice(before);
      expect(
        loaded.filter((path) => chunkOf(screen.chunk).test(path)),
        screen.chunk,
      ).toHaveLength(1);
      expect(
        loaded.filter((path) => initial.includes(path)),
        screen.chunk,
      ).toEqual([]);
    }
  });

  test.describe('when a screen’s chunk cannot be fetched', () => {
    test.use({
      // One pattern: Playwright would read a second element as the option's settings.
      allowedConsoleErrors: [
        /^Failed to load resource: the server responded with a status of 404\b|Failed to fetch dynamically imported module/,
      ],
    });

    test('the page reloads once, then shows the error screen in the shell, whose "Try again" loads it', async ({
      page,
    }) => {
      // What a client still running an old deploy meets: the chunk it knows is gone.
      const missing = chunkOf('status');
      await page.route(missing, (route) => route.fulfill({ status: 404, body: 'Not found' }));
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });

      await page.goto('/');
      await expectScreen(page, 'Home', product.name);
      await useThePage(page);
      await (await openMainNav(page)).getByRole('link', { name: 'Status' }).click();

      const error = page.getByRole('alert').filter({ hasText: 'This screen could not be shown' });
      await expect(error).toBeVisible();
      // One automatic reload (a new deploy's shell would name the new chunk), not a loop.
      expect(documents).toEqual(['/', '/status']);
      await expect(page).toHaveURL('/status');
      // The shell stays usable around the error.
      await expect(page.getByRole('link', { name: product.name })).toBeVisible();

      // The connection is back: trying again fetches the chunk anew, without reloading.
      await page.unroute(missing);
      await error.getByRole('button', { name: 'Try again' }).click();
      await expectScreen(page, 'Status', 'System status');
      await expect(error).toHaveCount(0);
      expect(documents).toEqual(['/', '/status']);
    });
  });
});
