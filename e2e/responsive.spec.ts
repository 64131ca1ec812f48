import type { Page } from '@playwright/test';
import { signInAsAdmin } from './accounts.ts';
import { expect, test } from './fixtures.ts';

async function expectNoHorizontalScroll(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what}: no horizontal scrolling`).toBeLessThanOrEqual(clientWidth);
}

test.describe('on a small phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/', '/records', '/status', '/no/such/page']) {
    test(`${path} fits the screen, with the menu button in place of the navigation`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menu' })).toBeInViewport();
      await expect(
        page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }),
      ).toBeInViewport();
      if (path === '/status') {
        // The widest content: the facts, once loaded.
        await expect(page.getByRole('region', { name: 'About this server' }).getByRole('term').first()).toBeVisible();
      }
      await expectNoHorizontalScroll(page, path);
    });
  }

  test('signed in, Home, Status and Records fit too', async ({ page, baseURL }) => {
    await signInAsAdmin(page, baseURL);
    for (const path of ['/', '/status', '/records'] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('button')).toBeInViewport();
      await expectNoHorizontalScroll(page, `${path} signed in`);
    }
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens the navigation in a sheet, and a link in it navigates', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The header's own navigation is hidden at this width.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Menu' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    const nav = sheet.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Status' }).click();
    await expect(page).toHaveURL('/status');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System status');
    // Following a link closes the sheet.
    await expect(sheet).toBeHidden();
  });

  test('the header keeps its height while the viewer loads', async ({ page }) => {
    // Hold the viewer's answer, to see the header before and after it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/trpc\/[^?]*auth\.viewer/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const before = (await header.boundingBox())?.height;
    release();
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }),
    ).toBeVisible();
    expect((await header.boundingBox())?.height).toBe(before);
  });
});

// The widest screens: tables scroll inside their own region with a cue, never the page.
for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`administration at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('wide tables scroll inside their region, never the page', async ({ page, baseURL }) => {
      await signInAsAdmin(page, baseURL);
      for (const path of [
        '/admin/users',
        '/admin/sessions',
        '/admin/api-keys',
        '/admin/jobs',
        '/admin/audit',
        '/account',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        await expectNoHorizontalScroll(page, path);
      }
    });
  });
}
