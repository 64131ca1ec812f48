import { product } from '../src/shared/product.ts';
import { expect, expectScreen, test } from './fixtures.ts';

test.describe('not found', () => {
  test('an unknown page shows the not-found screen, whose link goes home', async ({ page }) => {
    // The HTML shell answers 200 for every page address; the client decides what is missing.
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);

    await expectScreen(page, 'Page not found');

    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  });

  test('a missing hashed asset is a 404, never the HTML shell', async ({ request }) => {
    // A script tag asks for */*; a browser navigation to the file asks for text/html.
    for (const accept of ['*/*', 'text/html,application/xhtml+xml,*/*;q=0.8']) {
      const response = await request.get('/assets/missing-0000.js', { headers: { accept } });
      expect(response.status(), `accept: ${accept}`).toBe(404);
      expect(response.headers()['content-type'], `accept: ${accept}`).not.toContain('text/html');
      expect(await response.text(), `accept: ${accept}`).not.toMatch(/<html/i);
    }
  });

  test('an unknown tRPC procedure is a JSON 404 with an error', async ({ request }) => {
    const response = await request.get('/trpc/nope');

    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(await response.json()).toHaveProperty('error');
  });
});
