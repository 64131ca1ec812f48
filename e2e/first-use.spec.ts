import type { Page } from '@playwright/test';
import { accountNav, newPerson } from './accounts.ts';
import { fullBrowserLaunchOptions } from './browsers.ts';
import { expect, test } from './fixtures.ts';
import { useThePage } from './use-page.ts';

// The full browser: the headless shell puts its pointer over the page's top-left corner as
// the page lays out, and a pointer over the page is a use (hold.ts) that starts the app.
test.use({ launchOptions: fullBrowserLaunchOptions });

/**
 * A prerendered page sent without a session runs the app only at its first use
 * (docs/decisions/0045-app-on-first-use.md). What a visitor does in the gap, before the
 * app is in, must not be lost: typed text stays, a press is made once the page is ready.
 * Each test holds the app's code back until it has done its part, so the gap is certain.
 */
function holdAppCode(page: Page): { release: () => void } {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  void page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

async function openHeld(page: Page, path: string) {
  const held = holdAppCode(page);
  await page.goto(path);
  // Drawn, and waiting for its first use.
  await expect(page.locator('#root')).toHaveAttribute('data-first-use', '');
  return held;
}

test('what is typed and a press on "Show password" before the app is in are kept', async ({ page }) => {
  const held = await openHeld(page, '/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill('early@example.com');
  await page.getByLabel('Password', { exact: true }).fill('typed before the code');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.locator('#root')).toHaveAttribute('data-first-use', '');
  held.release();

  await expect(page.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('typed before the code');
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('early@example.com');
});

for (const how of ['a press on the button', 'Enter in the password field'] as const) {
  test(`${how} before the app is in signs in once it is in`, async ({ page, signedIn }) => {
    await page.context().clearCookies();
    const held = await openHeld(page, '/sign-in');
    await page.getByLabel('E-mail', { exact: true }).fill(signedIn.email);
    const passwordField = page.getByLabel('Password', { exact: true });
    await passwordField.fill(signedIn.password);
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    // Disabled until the app is in, as a person would meet it: nothing is sent yet.
    await expect(submit).toBeDisabled();
    if (how === 'Enter in the password field') await passwordField.press('Enter');
    else await submit.click({ force: true });
    await expect(page).toHaveURL('/sign-in');
    held.release();

    await expect(page).toHaveURL('/');
    await expect(accountNav(page).getByText(signedIn.name, { exact: true })).toBeVisible();
  });
}

test('opened from a link, the sign-in form is ready without another use of the page', async ({ page }) => {
  await page.goto('/');
  await useThePage(page);
  // Any moment the screen's heading shows without its form is recorded.
  await page.evaluate(() => {
    const record = window as Window & { headingWithoutForm?: boolean };
    record.headingWithoutForm = false;
    new MutationObserver(() => {
      const heading = [...document.querySelectorAll('h1')].some((h1) => h1.textContent === 'Sign in');
      if (heading && !document.querySelector('input[type=email]')) record.headingWithoutForm = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await accountNav(page).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/sign-in');
  // No further input: the link's screen waited for its code, and showed whole.
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  const headingWithoutForm = await page.evaluate(
    () => (window as Window & { headingWithoutForm?: boolean }).headingWithoutForm,
  );
  expect(headingWithoutForm).toBe(false);
});

test('Sign up keeps what was typed before the app was in, and sends it', async ({ page }) => {
  const held = await openHeld(page, '/sign-up');
  const person = newPerson('Early Bird');
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByRole('button', { name: 'Sign up' }).click({ force: true });
  held.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();
});

test("once the page has loaded, the app's code is fetched but not run until the page is used", async ({ page }) => {
  const appCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/index-[\w-]+\.js$/.test(request.url())) appCode.push(request.url());
  });
  await page.goto('/sign-in');
  await expect.poll(() => appCode.length, { message: 'the app chunk is fetched after load' }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  // Fetched, not run: the page still waits for its first use.
  await expect(page.locator('#root')).toHaveAttribute('data-first-use', '');
  await useThePage(page);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
});
