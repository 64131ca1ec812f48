import { startFreshServer } from './fresh-server.ts';
import { accountNav, newPerson, signIn, signInAsAdmin, signOut, signUpVerified, userMenu } from './accounts.ts';
import { product } from '../src/shared/product.ts';
import { expect, expectScreen, test } from './fixtures.ts';

/** The subject of the password-reset e-mail, which names the product. */
const resetSubject = `Reset your ${product.name} password`;

test.describe('mailbox', () => {
  // Playwright's trace recorder tries to run its script in every frame; the e-mail's
  // empty sandbox refuses it, and Chromium logs that. No script of the app or the e-mail runs there.
  test.use({
    allowedConsoleErrors: [/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed\b/],
  });

  test('a reset e-mail arrives in the mailbox, reads as HTML and text, and its link sets a new password', async ({
    page,
  }) => {
    const mae = newPerson('Mae Mailbox');
    await signUpVerified(page, mae);
    await signOut(page);

    await page.goto('/forgot-password');
    await page.getByLabel('E-mail', { exact: true }).fill(mae.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText(`If an account uses ${mae.email}, a link`)).toBeVisible();

    // Signed out, and still allowed in: NODE_ENV=test leaves the mailbox open.
    await page.goto('/mailbox');
    await expectScreen(page, 'Mailbox');
    const filters = page.getByRole('search', { name: 'E-mails' });
    await filters.getByRole('searchbox', { name: 'Recipient' }).fill(mae.email);
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/[?&]recipient=/);

    const table = page.getByRole('table', { name: 'E-mails matching the filters, newest first' });
    await expect(table.getByRole('row')).toHaveCount(3); // the header, the reset and the verification
    const row = table.getByRole('row').filter({ hasText: 'reset-password' });
    await expect(row.getByRole('cell').nth(1)).toHaveText(mae.email);
    // The log transport keeps it within a second or two (nothing leaves the machine, so not "Sent");
    // the list asks again by itself.
    await expect(row.getByRole('cell').nth(2)).toHaveText('Kept (log transport)', { timeout: 15_000 });
    await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

    await row.getByRole('link', { name: resetSubject }).click();
    await expect(page).toHaveURL(/\/mailbox\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(resetSubject);
    const headers = page.getByRole('region', { name: 'Headers' });
    await expect(headers.getByRole('term')).toHaveText([
      'To',
      'Message-ID',
      'Template',
      'Status',
      'Attempts',
      'Last error',
      'Request ID',
      'Created',
      'Kept',
    ]);
    await expect(headers.getByRole('definition').nth(0)).toHaveText(mae.email);
    await expect(headers.getByRole('definition').nth(1)).toHaveText(/^<.+@.+>$/);
    await expect(headers.getByRole('definition').nth(3)).toHaveText('Kept (log transport)');

    // The HTML, drawn inside its sandbox.
    const html = page.frameLocator(`iframe[title="HTML version of “${resetSubject}”"]`);
    await expect(html.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(html.getByRole('link', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveAttribute('sandbox', '');
    // Its button does nothing in the sandbox: the same link is offered beside it, followable.
    const links = page.getByRole('region', { name: 'Links in this e-mail' });
    await expect(links.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
      'href',
      /\/reset-password\?token=/,
    );

    const text = page.getByRole('region', { name: 'Plain text' });
    await expect(text).toContainText(`Hello ${mae.name},`);
    const link = text.getByRole('link', { name: /\/reset-password\?token=/ });
    await expect(text).toContainText('Choose a new password http');
    await link.click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    const newPassword = 'read it in the mailbox';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(
      page.getByRole('region', { name: /^Notifications/ }).getByText('Your password is changed'),
    ).toBeVisible();
    await expect(page).toHaveURL('/sign-in');
    await signIn(page, { ...mae, password: newPassword });
  });

  test('the template gallery lists every template and previews one with sample data', async ({ page }) => {
    await page.goto('/mailbox/templates');
    await expectScreen(page, 'E-mail templates');

    const templates = page.getByRole('list', { name: 'Templates' });
    await expect(templates.getByRole('link')).toHaveText(['verify-email', 'reset-password', 'sample-notice']);
    await expect(templates.getByRole('listitem').nth(2)).toContainText('A generic notice with one action');

    await templates.getByRole('link', { name: 'sample-notice' }).click();
    await expect(page).toHaveURL('/mailbox/templates?name=sample-notice');
    await expect(templates.getByRole('link', { name: 'sample-notice' })).toHaveAttribute('aria-current', 'page');
    const preview = page.getByRole('region', { name: 'Preview of sample-notice' });
    await expect(preview.getByRole('definition')).toHaveText('Your export is ready');
    const html = page.frameLocator('iframe');
    await expect(html.getByRole('heading', { name: 'Your export is ready' })).toBeVisible();
    await expect(html.getByRole('link', { name: 'Open the export' })).toBeVisible();
    await expect(preview.getByRole('region', { name: 'Plain text' })).toContainText(
      'Open the export https://app.example.test/exports/fixture-export',
    );

    // The two screens link to each other.
    const mailboxNav = page.getByRole('navigation', { name: 'Mailbox' });
    await expect(mailboxNav.getByRole('link', { name: 'Templates' })).toHaveAttribute('aria-current', 'page');
    await mailboxNav.getByRole('link', { name: 'E-mails' }).click();
    await expect(page).toHaveURL('/mailbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mailbox');
    await expect(mailboxNav.getByRole('link', { name: 'E-mails' })).toHaveAttribute('aria-current', 'page');
  });

  test('the user menu offers the mailbox to admins only, in the production build', async ({ page, baseURL }) => {
    await page.goto('/');
    // A visitor has no user menu, and nothing in the header leads to the mailbox.
    await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mailbox' })).toHaveCount(0);

    await signInAsAdmin(page, baseURL);
    await (await userMenu(page)).getByRole('menuitem', { name: 'Mailbox' }).click();
    await expect(page).toHaveURL('/mailbox');
    await expect(page.getByRole('table', { name: 'E-mails, newest first' })).toBeVisible();
  });

  test.describe(() => {
    // The visitor's refused call (401) is logged by the browser.
    test.use({
      allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 401\b/],
    });

    test('in production a signed-out visitor of /mailbox is told once that it is for administrators', async ({
      page,
    }) => {
      // A production server: MAILBOX defaults to admins there.
      const server = await startFreshServer();
      try {
        await page.goto(`${server.address.replace(/\/$/, '')}/mailbox`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('The mailbox is for administrators');
        await expect(page.getByRole('main')).toContainText('Sign in with an administrator’s account');
        await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();
        // One message: no filters, no table, no signed-out banner, no error notice.
        await expect(page.getByRole('search')).toHaveCount(0);
        await expect(page.getByRole('table')).toHaveCount(0);
        await expect(page.getByRole('alert')).toHaveCount(0);
      } finally {
        // The page first: it may still be fetching the screens' code, which a stopped server refuses.
        await page.close();
        await server.stop();
      }
    });
  });
});
