import { product } from '../src/shared/product.ts';
import { expect, expectScreen, test } from './fixtures.ts';
import { isPhoneWidth, openMainNav } from './accounts.ts';
import { useThePage } from './use-page.ts';

test.describe('home', () => {
  test('shows the product and says the screens await the specification', async ({ page }) => {
    await page.goto('/');

    await expectScreen(page, 'Home', product.name);
    await expect(
      page.getByRole('heading', { level: 2, name: 'The screens are waiting for the specification' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'See the system status' })).toBeVisible();
  });

  test('the Status link opens the status screen without reloading the page', async ({ page }) => {
    await page.goto('/');
    await useThePage(page);
    const nav = await openMainNav(page);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Status' })).not.toHaveAttribute('aria-current');

    // A client-side navigation fetches data and code, never a new document.
    const documentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests.push(request.url());
    });
    await nav.getByRole('link', { name: 'Status' }).click();

    await expect(page).toHaveURL('/status');
    await expectScreen(page, 'Status', 'System status');
    // Keyboard and screen-reader users start on the new screen.
    await expect(page.getByRole('main')).toBeFocused();
    // On a phone the sheet closed as the link was followed; the header's links say where you are.
    const after = await openMainNav(page);
    await expect(after.getByRole('link', { name: 'Status' })).toHaveAttribute('aria-current', 'page');
    await expect(after.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    if (isPhoneWidth(page)) await page.keyboard.press('Escape');
    expect(documentRequests).toEqual([]);
  });

  test('has the page landmarks', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('banner')).toBeVisible();
    // On a phone the main navigation is one press away, behind Menu.
    if (isPhoneWidth(page)) await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    else await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('the skip link moves keyboard focus to the main content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
