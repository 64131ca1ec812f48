import { signInAsAdmin } from './accounts.ts';
import { expect, test } from './fixtures.ts';

test.describe('on a small phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of ['/', '/records', '/status', '/no/such/page']) {
    test(`${path} fits the screen and keeps the navigation visible`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const name of ['Home', 'Records', 'Status']) {
        await expect(nav.getByRole('link', { name })).toBeInViewport();
      }
      if (path === '/status') {
        // The widest content: the facts, once loaded.
        await expect(page.getByRole('region', { name: 'About this server' }).getByRole('term').first()).toBeVisible();
      }

      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, 'no horizontal scrolling').toBeLessThanOrEqual(clientWidth);
    });
  }
});

test.describe('administration on a small phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('wide tables scroll inside their region, never the page', async ({ page, baseURL }) => {
    await signInAsAdmin(page, baseURL);
    for (const path of ['/admin/users', '/admin/sessions', '/admin/api-keys', '/account']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);

      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, `${path}: no horizontal scrolling`).toBeLessThanOrEqual(clientWidth);
    }
  });
});
