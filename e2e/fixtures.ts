import { test as base, expect } from '@playwright/test';

interface Fixtures {
  /** Console errors a test provokes on purpose (e.g. a 500 it stages), matched against the message. */
  allowedConsoleErrors: RegExp[];
}

/**
 * Every test that uses a page fails if the browser logged a console error or
 * threw an uncaught exception: a user would see a broken or half-working screen.
 */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' || allowedConsoleErrors.some((allowed) => allowed.test(message.text()))) return;
      errors.push(`console.error: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.stack ?? error.message}`));
    await use(page);
    expect(errors, 'errors in the browser console').toEqual([]);
  },
});

export { expect };
