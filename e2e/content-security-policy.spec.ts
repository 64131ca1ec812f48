import type { Page } from '@playwright/test';
import { product } from '../src/shared/product.ts';
import { followVerificationLink, newPerson, signIn, signInAsAdmin, signOut, signUp, userMenu } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/** A CSP violation as the browser reports it: an event in the page, or a console message from any frame. */
interface Violation {
  source: 'event' | 'console';
  text: string;
}

/**
 * Records every CSP violation of a page: `securitypolicyviolation` events of each
 * document it loads (an init script, so it listens before the app's first script;
 * an eval attempt is reported only this way), and console messages, which also
 * cover the sandboxed e-mail frame, where no script runs.
 */
async function watchViolations(page: Page): Promise<() => Violation[]> {
  const violations: Violation[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push({ source: 'console', text: message.text() });
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push({ source: 'event', text }));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return () => [...violations];
}

/** Every page the server sends must carry the enforced policy, or "no violations" would prove nothing. */
function expectPolicyOnDocuments(page: Page): () => void {
  const documents: { url: string; policy: string | undefined }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' && response.request().frame() === page.mainFrame()) {
      documents.push({ url: response.url(), policy: response.headers()['content-security-policy'] });
    }
  });
  return () => {
    expect(documents.length).toBeGreaterThan(0);
    for (const { url, policy } of documents) {
      expect(policy, url).toContain("default-src 'self'");
      expect(policy, url).toContain("object-src 'none'");
    }
  };
}

/** Opens a screen and waits until it shows its heading (its lazy chunk and styles have loaded). */
async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

test.describe('Content-Security-Policy: every screen works under the enforced policy', () => {
  test.use({
    allowedConsoleErrors: [
      // Playwright's trace recorder tries to run its script in the e-mail's sandboxed frame (see mailbox.spec.ts).
      /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed\b/,
    ],
  });

  test('public screens, the signed-in account screen, admin screens and the mailbox', async ({ page, baseURL }) => {
    // A whole tour (sign-up, the e-mailed link, admin screens, the mailbox): more than one journey's time.
    test.setTimeout(90_000);
    const violations = await watchViolations(page);
    const policyChecked = expectPolicyOnDocuments(page);

    // Public screens, signed out.
    await visit(page, '/', product.name);
    await visit(page, '/status', 'System status');
    await expect(page.getByRole('region', { name: 'Health' }).getByRole('definition').nth(1)).toHaveText(/^Healthy/);
    await visit(page, '/records', 'Records');
    await visit(page, '/sign-in', 'Sign in');
    await visit(page, '/forgot-password', 'Forgot your password');
    await visit(page, '/reset-password', 'Choose a new password');
    await visit(page, '/no-such-page', 'Page not found');

    // Sign-up and "Check your e-mail", the e-mailed link (the verify screen), sign-in, the account screen.
    const person = newPerson('Cora Policy');
    await signUp(page, person);
    await followVerificationLink(page, person);
    await signOut(page);
    await signIn(page, person);
    await (await userMenu(page)).getByRole('menuitem', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
    await expect(page.getByRole('table', { name: 'Your sessions' }).getByRole('row')).toHaveCount(2);
    await signOut(page);

    // Administration, as the first admin.
    await signInAsAdmin(page, baseURL);
    await visit(page, '/admin/users', 'Users');
    await expect(page.getByRole('table', { name: 'All users, newest first' })).toBeVisible();
    await visit(page, '/admin/sessions', 'Sessions');
    await expect(page.getByRole('table', { name: 'Live sessions, newest first' })).toBeVisible();
    await visit(page, '/admin/api-keys', 'API keys');
    const keys = page.getByRole('table', { name: 'API keys, newest first' }).or(page.getByText('No API keys yet.'));
    await expect(keys).toBeVisible();

    // The mailbox: the list, one message with its HTML in the sandboxed frame, and the gallery.
    await page.goto(`/mailbox?recipient=${encodeURIComponent(person.email)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mailbox');
    const table = page.getByRole('table', { name: 'E-mails matching the filters, newest first' });
    await table.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/mailbox\/[^/?]+$/);
    const message = page.frameLocator('iframe[sandbox]');
    await expect(message.getByRole('link', { name: 'Confirm e-mail address' })).toBeVisible();
    await visit(page, '/mailbox/templates?name=reset-password', 'E-mail templates');
    await expect(
      page.frameLocator('iframe[sandbox]').getByRole('heading', { name: 'Reset your password' }),
    ).toBeVisible();

    expect(violations()).toEqual([]);
    policyChecked();
  });
});

test.describe('Content-Security-Policy: enforced, not only reported', () => {
  test.use({
    allowedConsoleErrors: [/^Executing inline script violates the following Content Security Policy directive/],
  });

  test('an inline script injected into the page does not run, and is reported', async ({ page }) => {
    const violations = await watchViolations(page);
    await visit(page, '/', product.name);
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as { injectedScriptRan?: boolean }).injectedScriptRan ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations().map((violation) => violation.source)).toContain('event');
  });
});
