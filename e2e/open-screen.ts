import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signInAsAdminByApi } from './accounts.ts';
import { screenPath, type Screen, type ScreenFacts } from './screens.ts';

export type Theme = 'light' | 'dark';
export const themes: readonly Theme[] = ['light', 'dark'];

/** The newest e-mail in the outbox: there is one once the admin has signed up. */
async function newestMessageId(request: APIRequestContext): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ json: { limit: 1 } }));
  const response = await request.get(`/trpc/mailbox.messages?input=${input}`);
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { result: { data: { json: { items: { id: string }[] } } } };
  const id = body.result.data.json.items[0]?.id;
  if (!id) throw new Error('The outbox is empty: no e-mail to open on the mailbox message screen');
  return id;
}

/** The theme in effect on the page: the `dark` class on <html>, or none. */
async function expectTheme(page: Page, theme: Theme): Promise<void> {
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
}

/**
 * Changes the system's preference on an open page; the app follows it at once (theme.ts,
 * for someone who chose no theme of their own), without a reload.
 */
export async function switchTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await expectTheme(page, theme);
  // Controls fade their colours (transition-colors): checked once every fade has ended.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    // Transitions only: an endless animation (a skeleton's pulse) never finishes.
    const fades = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(fades.map((fade) => fade.finished.catch(() => undefined)));
  });
}

/**
 * Opens `screen` as its visitor (the admin, signed in through the API, or a signed-out
 * visitor) in `theme`, chosen as the system's preference (the theme script in <head>
 * reads it), and waits until it has settled: its heading shown, its data loaded.
 */
export async function openScreen(page: Page, screen: Screen, theme: Theme, origin: string): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  let facts: ScreenFacts = { mailboxMessageId: '' };
  if (screen.admin) {
    await signInAsAdminByApi(page.request, origin);
    if (typeof screen.path === 'function') facts = { mailboxMessageId: await newestMessageId(page.request) };
  }
  await page.goto(screenPath(screen, facts));
  await expectTheme(page, theme);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Its data in: no "Loading…" notice, no region marked busy.
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}
