import { accountNav, newPerson, openMainNav, signOut, signUpVerified } from './accounts.ts';
import { expect, test } from './fixtures.ts';

test.describe('deep link', () => {
  test('loading /status directly serves the app shell, which renders the status screen', async ({ page }) => {
    const response = await page.goto('/status');

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    // The shell names the current asset hashes, so it must be revalidated on every visit.
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System status');
    await expect((await openMainNav(page)).getByRole('link', { name: 'Status' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('hashed scripts are cached for a year and sent precompressed', async ({ page, request }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/status');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System status');

    const script = scripts.find((url) => /\/assets\/[^/]+-[\w-]{8}\.js$/.test(url));
    if (!script) throw new Error(`No hashed script among ${scripts.join(', ')}`);

    const brotli = await request.get(script, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.status()).toBe(200);
    expect(brotli.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(brotli.headers()['content-type']).toContain('javascript');

    // A client that accepts no compression gets the plain file.
    const plain = await request.get(script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status()).toBe(200);
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a signed-out visitor of a page for signed-in people signs in and lands on that page', async ({ page }) => {
    const linus = newPerson('Linus Torvalds');
    await signUpVerified(page, linus);
    await signOut(page);

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in to continue' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/sign-in?redirect=%2Faccount');

    await page.getByLabel('E-mail', { exact: true }).fill(linus.email);
    await page.getByLabel('Password', { exact: true }).fill(linus.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(accountNav(page).getByText(linus.name, { exact: true })).toBeVisible();
  });

  test('sign-in never follows a return address to another site', async ({ page }) => {
    const grace = newPerson('Grace Hopper');
    await signUpVerified(page, grace);
    await signOut(page);

    await page.goto('/sign-in?redirect=%2F%2Fevil.example%2F');
    await page.getByLabel('E-mail', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill(grace.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    await expect(accountNav(page).getByText(grace.name, { exact: true })).toBeVisible();
  });

  test('search values stay plain text in the address', async ({ page }) => {
    await page.goto('/reset-password?token=abc&page=2');
    await expect(page).toHaveURL('/reset-password?token=abc&page=2');
  });
});
