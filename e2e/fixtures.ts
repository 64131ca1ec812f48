import { test as base, expect, type Page } from '@playwright/test';
import { defaultRole, type Role } from '../src/shared/permissions.ts';
import { product } from '../src/shared/product.ts';
import { signInWithRole, type Person } from './accounts.ts';
import { startAppServer, type AppServer, type E2eEngine } from './app-server.ts';

interface Fixtures {
  /** Console errors a test provokes on purpose (e.g. a 500 it stages), matched against the message. */
  allowedConsoleErrors: RegExp[];
  /** A second person: a page in its own browser context (own cookies), checked like `page`. */
  otherPage: Page;
  /** The role of `signedIn`: the default role unless a test says `test.use({ role: 'admin' })`. */
  role: Role;
  /**
   * A fresh person with `role`, confirmed and signed in on `page` (through the API:
   * identity.spec.ts walks the forms). `page` has not navigated yet.
   */
  signedIn: Person;
}

interface WorkerFixtures {
  /** The engine of the project's server: SQLite unless the project says PostgreSQL (playwright.config.ts). */
  engine: E2eEngine;
  /** The production server this worker's journeys run against, on a database of its own. */
  appServer: AppServer;
}

/** Collects the console errors and uncaught exceptions of a page, except the allowed ones. */
function collectErrors(page: Page, allowed: RegExp[]): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || allowed.some((pattern) => pattern.test(message.text()))) return;
    errors.push(`console.error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
  return errors;
}

/**
 * Every test that uses a page fails if the browser logged a console error or
 * threw an uncaught exception: a user would see a broken or half-working screen.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  engine: ['sqlite', { scope: 'worker', option: true }],
  appServer: [
    async ({ engine }, use, workerInfo) => {
      const server = await startAppServer(`e2e_${process.pid}_${workerInfo.workerIndex}`, engine);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.origin);
  },
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors = collectErrors(page, allowedConsoleErrors);
    await use(page);
    expect(errors, 'errors in the browser console').toEqual([]);
  },
  otherPage: async ({ browser, baseURL, allowedConsoleErrors }, use) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors = collectErrors(page, allowedConsoleErrors);
    await use(page);
    await context.close();
    expect(errors, "errors in the other page's browser console").toEqual([]);
  },
  role: [defaultRole, { option: true }],
  signedIn: async ({ page, playwright, baseURL, role }, use) => {
    const newContext = () => playwright.request.newContext({ baseURL });
    await use(await signInWithRole(page, newContext, baseURL ?? '', role));
  },
});

export { expect };

/** The screen a person is on: the tab's title names it, and so does its one level-1 heading. */
export async function expectScreen(page: Page, title: string, heading: string = title): Promise<void> {
  await expect(page).toHaveTitle(`${title} · ${product.name}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}
