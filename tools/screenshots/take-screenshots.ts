import { join } from 'node:path';
import { test } from '@playwright/test';
import { desktop, phone } from '../../playwright.config.ts';
import { openScreen, themes } from '../../e2e/open-screen.ts';
import { screens } from '../../e2e/screens.ts';
import { screenshotsFolder } from './folder.ts';

/** The two widths every screen is looked at: a phone and a laptop. */
const widths = [
  { name: '390x844', device: phone },
  { name: '1280x800', device: desktop },
];

// One test per screen: every width and theme of it, each in a new browser context.
for (const screen of screens) {
  test(screen.name, async ({ browser, baseURL }) => {
    // Four pictures, each in a new context (and a sign-in for admin screens).
    test.setTimeout(120_000);
    for (const { name: width, device } of widths) {
      for (const theme of themes) {
        const context = await browser.newContext({ ...device, baseURL });
        try {
          const page = await context.newPage();
          await openScreen(page, screen, theme, baseURL ?? '');
          await page.screenshot({
            path: join(screenshotsFolder, `${screen.name}-${width}-${theme}.png`),
            fullPage: true,
          });
        } finally {
          await context.close();
        }
      }
    }
  });
}
