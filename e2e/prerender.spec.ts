import { product } from '../src/shared/product.ts';
import { expect, test } from './fixtures.ts';
import { trpcCallsTo } from './trpc-calls.ts';

/**
 * Home and the account pages arrive with their first screen drawn (prerendered at build
 * time, docs/decisions/0035-prerendered-first-paint.md): a visitor on a slow phone reads
 * them before the page's code has run. The fixture fails any test whose page logs an
 * error, so a page whose markup React cannot take over (a hydration mismatch) fails here
 * and in every journey that opens it.
 */
test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('Sign in shows its form and its name, and its button waits for the page', async ({ page }) => {
    await page.goto('/sign-in');
    // The tab's name, the first thing a screen reader announces, is the screen's already.
    await expect(page).toHaveTitle(`Sign in · ${product.name}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    // Sent by the browser itself, the form would be a GET with the password in the address.
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  });

  test('Home shows the product, Sign up and Forgot password their forms', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page).toHaveTitle(`Home · ${product.name}`);
    // Sent without a session cookie, the page knows its visitor is signed out.
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.goto('/sign-up');
    await expect(page).toHaveTitle(`Sign up · ${product.name}`);
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await page.goto('/forgot-password');
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });
});

test('a prerendered form works from its first use', async ({ page }) => {
  await page.goto('/sign-in');
  // The app waits for the page's first use (first-use.spec.ts): here, focus on a field.
  await page.getByLabel('E-mail').focus();
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(submit).toBeEnabled();
  await submit.click();
  // The client's own validation answers, not a page load.
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a visitor without a session is signed out from the first paint, and is not asked who they are', async ({
  page,
}) => {
  const viewerCalls = trpcCallsTo(page, 'auth.viewer');
  await page.goto('/sign-in');
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // Taken over by the page's code, the form too once the page is used (its button waits for
  // that; a hydration mismatch would fail the test: fixtures.ts), and still signed out,
  // without a call to ask.
  await page.getByLabel('E-mail').focus();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  await expect(account.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(viewerCalls).toEqual([]);
});
