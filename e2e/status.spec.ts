import type { Route } from '@playwright/test';
import { product } from '../src/shared/product.ts';
import { signInAsAdmin } from './accounts.ts';
import { expect, expectScreen, test } from './fixtures.ts';

test.describe('status', () => {
  test('shows a visitor the health of the database and the server, without build details', async ({ page }) => {
    await page.goto('/status');
    await expectScreen(page, 'Status', 'System status');

    const health = page.getByRole('region', { name: 'Health' });
    await expect(health.getByRole('term')).toHaveText(['Server', 'Database', 'Checked at']);
    await expect(health.getByRole('definition').nth(0)).toHaveText('Healthy');
    await expect(health.getByRole('definition').nth(1)).toHaveText(/^Healthy \(\d+(\.\d+)? ms\)$/);

    const about = page.getByRole('region', { name: 'About this server' });
    await expect(about.getByRole('term')).toHaveText(['Name', 'Running since']);
    await expect(about.getByRole('definition').first()).toHaveText(product.name);
    await expect(about).not.toContainText(/sqlite|Commit|Version/i);
  });

  test('shows an admin the version, commit and database engine', async ({ page, baseURL }) => {
    await signInAsAdmin(page, baseURL);
    await page.goto('/status');
    const about = page.getByRole('region', { name: 'About this server' });
    await expect(about.getByRole('term')).toHaveText(['Name', 'Running since', 'Version', 'Commit', 'Database engine']);
    await expect(about.getByRole('definition')).toHaveText([
      product.name,
      /\S/,
      /^\d+\.\d+\.\d+/,
      /^\S+$/,
      /^sqlite 3\.\d+/,
    ]);
  });

  test.describe('when the server fails', () => {
    // The browser logs each failed request; here they are staged.
    test.use({ allowedConsoleErrors: [/status of 500/] });

    test('shows an error with "Try again", and retrying recovers once the server answers', async ({ page }) => {
      let failing = true;
      let failures = 0;
      const failuresOf = new Map<string, number>(); // procedure → failed calls
      // Both procedures fail, as they would with the server down. Failing only health
      // would be racy: the two queries' retries leave in one batch or in two, by timing.
      // On the first load the shell's `auth.viewer` may share their batch, and fails with them.
      await page.route(isStatusCall, async (route) => {
        if (!failing) return route.continue();
        failures += 1;
        for (const path of procedurePaths(route)) failuresOf.set(path, (failuresOf.get(path) ?? 0) + 1);
        await route.fulfill({ status: 500, json: trpcInternalErrors(route) });
      });

      await page.goto('/status');
      const health = page.getByRole('region', { name: 'Health' });
      const about = page.getByRole('region', { name: 'About this server' });
      for (const panel of [health, about]) {
        await expect(panel.getByRole('alert')).toContainText(
          'Could not reach the server: Something went wrong on our side.',
        );
        await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
      }
      // The client retries a failed query once before it shows the error: each procedure
      // was asked twice, whether the two went in one request or in separate ones.
      expect(failures).toBeGreaterThanOrEqual(2);
      expect(failuresOf.get('system.health') ?? 0).toBeGreaterThanOrEqual(2);
      expect(failuresOf.get('system.info') ?? 0).toBeGreaterThanOrEqual(2);

      failing = false;
      for (const panel of [health, about]) {
        await panel.getByRole('button', { name: 'Try again' }).click();
        await expect(panel.getByRole('alert')).toBeHidden();
      }
      await expect(health.getByRole('definition').nth(1)).toHaveText(/^Healthy \(\d+(\.\d+)? ms\)$/);
      await expect(about.getByRole('definition').first()).toHaveText(product.name);
    });
  });
});

/** A tRPC request (batched or not) that calls system.health or system.info. */
function isStatusCall(url: URL): boolean {
  return /^\/trpc\/[^/]*\bsystem\.(health|info)\b/.test(decodeURIComponent(url.pathname));
}

/** The procedures a tRPC request calls, in order: `/trpc/a.b,c.d?batch=1` → ['a.b', 'c.d']. */
function procedurePaths(route: Route): string[] {
  const { pathname } = new URL(route.request().url());
  return decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1)).split(',');
}

/** The body tRPC sends when every procedure in the request fails with INTERNAL_SERVER_ERROR. */
function trpcInternalErrors(route: Route) {
  const { searchParams } = new URL(route.request().url());
  const errors = procedurePaths(route).map((path) => ({
    error: {
      json: {
        message: 'Something went wrong on our side.',
        code: -32603,
        data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path },
      },
    },
  }));
  return searchParams.has('batch') ? errors : errors[0];
}
