import {
  accountNav,
  followVerificationLink,
  newPerson,
  password,
  signIn,
  signOut,
  signUp,
  signUpVerified,
} from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { latestEmailLink } from './mailbox.ts';

test.describe('identity', () => {
  // A wrong password is answered 401, which the browser logs; nothing else may fail.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 401\b/] });

  test('sign up, confirm by e-mail, sign out, and sign in again; a wrong password is refused', async ({ page }) => {
    const grace = newPerson('Grace Hopper');
    await page.goto('/');
    await expect(accountNav(page).getByRole('link', { name: 'Sign up' })).toBeVisible();

    await signUp(page, grace);
    await expect(page.getByText(`We sent a link to ${grace.email}.`)).toBeVisible();

    // The link signs her in and opens the status screen.
    await followVerificationLink(page, grace);
    await expect(page).toHaveURL('/status');
    const health = page.getByRole('region', { name: 'Health' });
    await expect(health.getByRole('definition').nth(1)).toHaveText(/^Healthy \(\d+(\.\d+)? ms\)$/);
    await expect(accountNav(page).getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);

    await signOut(page);
    await expect(page).toHaveURL('/');
    await expect(accountNav(page).getByText(grace.name)).toHaveCount(0);

    await accountNav(page).getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(grace.email);
    await page.getByLabel('Password', { exact: true }).fill('not her password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('The e-mail or the password is wrong.');
    await expect(page).toHaveURL('/sign-in');

    await signIn(page, grace);
  });

  test('an account someone else started with your address becomes yours, with your password', async ({
    page,
    baseURL,
  }) => {
    const vera = newPerson('Vera Owner');
    const attackerPassword = 'the attacker chose this one';
    const signInAs = (pass: string) =>
      page.request.post('/trpc/auth.signIn', {
        data: { json: { email: vera.email, password: pass } },
        headers: { origin: baseURL ?? '' },
      });
    // Someone signs up first with her address (and a password, which the server ignores).
    const attack = await page.request.post('/trpc/auth.signUp', {
      data: { json: { name: 'Mallory', email: vera.email, password: attackerPassword } },
      headers: { origin: baseURL ?? '' },
    });
    expect(attack.status()).toBe(200);

    // She signs up as usual, follows the link in her inbox, and chooses her password: signed in, as herself.
    await signUp(page, vera);
    await followVerificationLink(page, vera);
    await signOut(page);
    expect((await signInAs(attackerPassword)).status()).toBe(401);
    await signIn(page, vera);
  });

  test('the account screen shows who is signed in, this device, and changes the password', async ({ page }) => {
    const ada = newPerson('Ada Account');
    await signUpVerified(page, ada);
    await accountNav(page).getByRole('link', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');

    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details.getByRole('definition')).toHaveText([ada.name, ada.email, 'member']);
    const sessions = page.getByRole('table', { name: 'Your sessions' });
    await expect(sessions.getByRole('row')).toHaveCount(2); // the header and this browser
    await expect(sessions.getByRole('rowheader')).toContainText('This device');

    const form = page.getByRole('form', { name: 'Change your password' });
    await form.getByLabel('Current password', { exact: true }).fill('not the current one');
    await form.getByLabel('New password', { exact: true }).fill('another long passphrase');
    await form.getByRole('button', { name: 'Change password' }).click();
    const current = form.getByLabel('Current password', { exact: true });
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription('The password is wrong');
    await expect(current).toBeFocused();

    await current.fill(ada.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    // Said in a toast, not a paragraph that would stay on the form.
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Password changed')).toBeVisible();
    // A new attempt replaces that answer, even one the client's own check stops (the fields are empty now).
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    // This device stays signed in.
    await expect(accountNav(page).getByText(ada.name, { exact: true })).toBeVisible();
    await expect(sessions.getByRole('rowheader')).toContainText('This device');
  });

  test('forgot password: the e-mailed link sets a new one, which signs in', async ({ page }) => {
    const linus = newPerson('Linus Reset');
    await signUpVerified(page, linus);
    await signOut(page);

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password');
    await page.getByLabel('E-mail', { exact: true }).fill(linus.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText(`If an account uses ${linus.email}, a link`);

    await page.goto(await latestEmailLink(page.request, linus.email, 'reset-password'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    const newPassword = 'a brand new passphrase';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeFocused();

    await page.getByRole('link', { name: 'Sign in with the new password' }).click();
    await signIn(page, { ...linus, password: newPassword });
  });
});

test.describe('an e-mailed link that does not work', () => {
  // The server answers INVALID_TOKEN with 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 400\b/] });

  test('a verification link that is not valid explains itself and offers sign-in', async ({ page }) => {
    await page.goto('/verify-email?token=not-a-real-token');
    await page.getByLabel('Choose a password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    const problem = page.getByRole('alert');
    await expect(problem).toContainText('This link is invalid, has expired or was used already');
    await problem.getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  });
});
