import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  accountNav,
  call,
  isPhoneWidth,
  newPerson,
  signInAsAdmin,
  signOut,
  signUpVerified,
  userMenu,
} from './accounts.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { trpcCallsTo } from './trpc-calls.ts';

const run = promisify(execFile);

/** Where success toasts appear (sonner's region). */
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

/** The example script, run as an operator would: `npm run script -- system-stats` with a key. */
function systemStats(baseURL: string | undefined, apiKey: string) {
  return run('node', ['--import', 'tsx', 'src/scripts/run-script.ts', 'system-stats', '--url', baseURL ?? ''], {
    env: { ...process.env, APP_API_KEY: apiKey },
    timeout: 30_000,
  });
}

test.describe('administration', () => {
  test('a member who opens /admin/users sees a permission message and no user data', async ({ page, signedIn }) => {
    await page.goto('/');
    await expect(accountNav(page).getByText(signedIn.name, { exact: true })).toBeVisible();
    await expect((await userMenu(page)).getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    const adminCalls = trpcCallsTo(page, 'admin.');
    await page.goto('/admin/users');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
    await expect(page.getByRole('heading', { name: 'You do not have permission' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
    // The screen never asked: no data can have reached the page.
    expect(adminCalls).toEqual([]);
    // And had it asked, the server would have refused.
    const direct = await page.request.get('/trpc/admin.users.list?input=' + encodeURIComponent('{"json":{}}'));
    expect(direct.status()).toBe(403);
  });

  test("an admin makes a member an admin; the member's UI shows Admin after a reload", async ({
    page,
    otherPage,
    baseURL,
  }) => {
    const member = newPerson('Pat Promoted');
    await signUpVerified(otherPage, member);
    await expect((await userMenu(otherPage)).getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
    await otherPage.keyboard.press('Escape');

    await signInAsAdmin(page, baseURL);
    await (await userMenu(page)).getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');

    await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(member.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: member.email });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('row')).toHaveCount(2); // the header and the member
    await expect(row.getByRole('combobox', { name: `Role of ${member.email}` })).toHaveValue('member');

    await row.getByRole('combobox', { name: `Role of ${member.email}` }).selectOption('admin');
    await row.getByRole('button', { name: `Change role of ${member.email}` }).click();
    await expect(toasts(page).getByText(`${member.name}: role is now admin.`)).toBeVisible();
    const role = row.getByRole('combobox', { name: `Role of ${member.email}` });
    await expect(role).toHaveValue('admin');
    await expect(role).toBeFocused();

    await otherPage.reload();
    await expect(accountNav(otherPage).getByText(member.name, { exact: true })).toBeVisible();
    await expect((await userMenu(otherPage)).getByRole('menuitem', { name: 'Admin' })).toBeVisible();
  });

  test.describe(() => {
    // The refused sign-in is answered 403, which the browser logs.
    test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 403\b/] });

    test('disabling asks first, Cancel changes nothing, and a disabled member who signs in is told so', async ({
      page,
      otherPage,
      baseURL,
    }) => {
      const member = newPerson('Dana Disabled');
      await signUpVerified(otherPage, member);
      await signOut(otherPage);

      await signInAsAdmin(page, baseURL);
      await page.goto('/admin/users');
      await page.getByRole('searchbox', { name: 'Search by name or e-mail' }).fill(member.email);
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.getByRole('row').filter({ hasText: member.email });
      await expect(row.getByText('Active', { exact: true })).toBeVisible();

      // The first press only asks; Cancel leaves the account as it was, focus back on the button.
      const disable = page.getByRole('button', { name: `Disable ${member.email}` });
      await disable.click();
      const dialog = page.getByRole('alertdialog', { name: `Disable ${member.name}?` });
      await expect(dialog).toContainText('signed out everywhere');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(disable).toBeFocused();
      await expect(row.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: `Enable ${member.email}` })).toHaveCount(0);

      await disable.click();
      await dialog.getByRole('button', { name: 'Disable account' }).click();
      await expect(toasts(page).getByText(`${member.name} is disabled`)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: `Enable ${member.email}` })).toBeVisible();
      await expect(row.getByText('Disabled', { exact: true })).toBeVisible();

      await otherPage.goto('/sign-in');
      await otherPage.getByLabel('E-mail', { exact: true }).fill(member.email);
      await otherPage.getByLabel('Password', { exact: true }).fill(member.password);
      await otherPage.getByRole('button', { name: 'Sign in' }).click();
      await expect(otherPage.getByRole('alert')).toContainText('This account is disabled. Contact an administrator.');
      await expect(accountNav(otherPage).getByRole('link', { name: 'Sign in' })).toBeVisible();
    });
  });

  test("revoking someone's session asks first, then says so in a toast and signs that browser out", async ({
    page,
    otherPage,
    baseURL,
  }) => {
    const member = newPerson('Sid Session');
    await signUpVerified(otherPage, member);

    await signInAsAdmin(page, baseURL);
    await page.goto('/admin/sessions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sessions');
    const administration = page.getByRole('navigation', { name: 'Administration' });
    await expect(administration.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');

    const table = page.getByRole('table', { name: 'Live sessions, newest first' });
    const row = table.getByRole('row').filter({ hasText: member.email });
    await expect(row).toHaveCount(1);
    // The browser in words, the full header on hover.
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^\w[\w ]* on \w/);
    await expect(row.getByRole('cell').nth(1)).toHaveAttribute('title', /Mozilla/);
    await expect(row.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

    await row.getByRole('button', { name: /^Revoke the session of / }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this session?' });
    await expect(dialog).toContainText(member.email);
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(toasts(page).getByText('Session revoked')).toBeVisible();
    await expect(row).toHaveCount(0);

    await otherPage.reload();
    await expect(accountNav(otherPage).getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('the audit trail filters from the address: applied, kept on reload, cleared in one go', async ({
    page,
    request,
    baseURL,
  }) => {
    await signInAsAdmin(page, baseURL);
    // Someone not signed in is refused: the newest auth.signIn row (its own request context).
    const refused = await call(request, baseURL ?? '', 'auth.signIn', {
      email: newPerson('Nobody').email,
      password: 'not the password at all',
    });
    expect(refused.status()).toBe(401);

    await page.goto('/admin/audit');
    await expect(page.getByRole('table', { name: 'Changes, newest first' })).toBeVisible();
    const procedure = page.getByLabel('Procedure', { exact: true });
    const filters = page.getByRole('button', { name: /^Filters/ });
    if (isPhoneWidth(page)) {
      // On a phone the filters fold behind a button, so the changes come first.
      await expect(procedure).toBeHidden();
      await filters.click();
    }
    await procedure.fill('auth.signIn');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL('/admin/audit?procedure=auth.signIn');
    const filtered = page.getByRole('table', { name: 'Changes matching the filters, newest first' });
    const newest = filtered.getByRole('row').nth(1);
    // The outcome in words, the catalogue code beside it; "Not signed in" said once.
    await expect(newest).toContainText('Failed · Bad credentials');
    await expect(newest).toContainText('INVALID_CREDENTIALS');
    await expect(newest.getByText('Not signed in')).toHaveCount(1);
    // Seconds, with the exact instant in the machine-readable attribute.
    await expect(newest.locator('time')).toHaveText(/\d\d:\d\d:\d\d/);
    await expect(newest.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);

    await page.reload();
    await expect(filtered).toBeVisible();
    await expect(procedure).toHaveValue('auth.signIn');
    if (isPhoneWidth(page)) await expect(filters).toHaveAccessibleName('Filters (1 in use)');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/admin/audit');
    await expect(page.getByRole('table', { name: 'Changes, newest first' })).toBeVisible();
    await expect(procedure).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  });

  test("the jobs screen's status filter lives in the address and survives a reload", async ({ page, baseURL }) => {
    await signInAsAdmin(page, baseURL);
    await page.goto('/admin/jobs');
    const statuses = page.getByRole('navigation', { name: 'Job status' });
    await expect(statuses.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await statuses.getByRole('button', { name: 'Succeeded' }).click();
    await expect(page).toHaveURL('/admin/jobs?status=succeeded');
    // Signing the admin up sent an e-mail: its delivery is a succeeded job.
    await expect(page.getByRole('table', { name: 'Succeeded jobs, newest first' })).toBeVisible();

    await page.reload();
    await expect(statuses.getByRole('button', { name: 'Succeeded' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('table', { name: 'Succeeded jobs, newest first' })).toBeVisible();
  });

  test.describe(() => {
    // Any admin, not only the first: a fresh one, made admin by the first.
    test.use({ role: 'admin' });

    test('an API key scoped to read:system:any runs the example script until it is revoked', async ({
      page,
      baseURL,
      signedIn,
    }) => {
      await page.goto('/admin/api-keys');
      await expect(accountNav(page).getByText(signedIn.name, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys');

      const keyName = `Nightly stats ${Date.now().toString(36)}`;
      await page.getByLabel('Name', { exact: true }).fill(keyName);
      const permission = page.getByRole('checkbox', { name: 'read:system:any' });
      await expect(permission).toHaveAccessibleDescription(/Count accounts, live sessions and API keys/);
      await permission.check();
      await page.getByRole('button', { name: 'Create key' }).click();

      const field = page.getByRole('textbox', { name: 'Your new API key' });
      await expect(field).toHaveValue(/^rpc_\S+$/);
      await expect(field).toHaveAttribute('readonly', '');
      await expect(field).toHaveAccessibleDescription(/it will not be shown again/);
      const apiKey = await field.inputValue();

      const row = page.getByRole('row').filter({ hasText: keyName });
      await expect(row).toContainText('read:system:any');
      await expect(row).toContainText('Count accounts, live sessions and API keys');
      await expect(row.getByRole('cell').nth(2)).toHaveText('Never'); // expires

      const { stdout } = await systemStats(baseURL, apiKey);
      expect(JSON.parse(stdout)).toMatchObject({ users: expect.any(Number) });

      await row.getByRole('button', { name: `Revoke the key ${keyName}` }).click();
      const dialog = page.getByRole('alertdialog', { name: `Revoke the key “${keyName}”?` });
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await expect(toasts(page).getByText(`Key “${keyName}” revoked`)).toBeVisible();
      await expect(row).toHaveCount(0);
      // The row and its button are gone: focus stays near, on the keys (or the words saying there are none).
      await expect(page.locator(':focus')).toHaveText(/API keys, newest first|No API keys yet/);
      // The one-time field goes with the key.
      await expect(field).toHaveCount(0);

      await expect(systemStats(baseURL, apiKey)).rejects.toMatchObject({ code: 1 });
    });
  });
});
