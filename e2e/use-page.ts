import type { Page } from '@playwright/test';

/**
 * A prerendered page sent to a visitor without a session runs no app until it is used
 * (docs/decisions/0045-app-on-first-use.md): a link followed before then loads its page,
 * as links do. A journey that needs the app itself (a client-side navigation, a live
 * screen) uses the page first, as a person does, with a key that changes nothing (Shift),
 * and waits until the app has taken the page over.
 */
export async function useThePage(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('#root:not([data-first-use])').waitFor({ state: 'attached' });
}
