import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** WCAG relative luminance of an `rgb(18, 20, 26)` colour (see `toRgb` for the theme's oklch ones). */
function luminance(color: string): number {
  const channels = color
    .match(/[\d.]+/g)
    ?.slice(0, 3)
    .map(Number);
  if (channels?.length !== 3) throw new Error(`Unexpected colour ${color}`);
  const [r, g, b] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Any CSS colour as `rgb(r, g, b)`, as the browser paints it (the theme's colours are oklch). */
async function toRgb(page: Page, color: string): Promise<string> {
  return page.evaluate((css) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  }, color);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

for (const colorScheme of ['dark', 'light'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('follows the system setting and keeps text readable', async ({ page }) => {
      await page.goto('/');
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();

      // The page background is the body's, or :root's when the body is transparent.
      const background = await toRgb(
        page,
        await page.evaluate(() => {
          const body = getComputedStyle(document.body).backgroundColor;
          const transparent = body === 'transparent' || /^rgba\(.*,\s*0\)$/.test(body);
          return transparent ? getComputedStyle(document.documentElement).backgroundColor : body;
        }),
      );
      if (colorScheme === 'dark') expect(luminance(background), background).toBeLessThan(0.1);
      else expect(luminance(background), background).toBeGreaterThan(0.8);

      // WCAG AA: 4.5:1 for body text, against the page background.
      for (const text of [heading, page.getByText('The purpose of this product is not specified yet.').first()]) {
        const color = await toRgb(page, await text.evaluate((element) => getComputedStyle(element).color));
        expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  });
}
