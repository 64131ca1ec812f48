import { expect, test } from './fixtures.ts';

test.describe('deep link', () => {
  test('loading /status directly serves the app shell, which renders the status screen', async ({ page }) => {
    const response = await page.goto('/status');

    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    // The shell names the current asset hashes, so it must be revalidated on every visit.
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System status');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Status' })).toHaveAttribute(
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
});
