import {
  accountNav,
  followVerificationLink,
  isPhoneWidth,
  newPerson,
  signIn,
  signOut,
  signUp,
  signUpVerified,
  userMenu,
} from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { latestEmailLink } from './mailbox.ts';

test.describe('identity', () => {
  // A wrong password is answered 401, which the browser logs; nothing else may fail.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 401\b/] });

  test('sign up, confirm by e-mail, sign out, and sign in again; a wrong password is refused', async ({ page }) => {
    const grace = newPerson('Grace Hopper');
    await page.goto('/');
    // Below 640 px "Sign up" moves into the Menu sheet; "Sign in" stays in the header.
    if (isPhoneWidth(page)) await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
    else await expect(accountNav(page).getByRole('link', { name: 'Sign up' })).toBeVisible();

    await signUp(page, grace);
    await expect(page.getByText(`We sent a link to ${grace.email}.`)).toBeVisible();

    // The link signs her in and lands on Home with a welcome.
    await followVerificationLink(page, grace);
    await expect(page).toHaveURL('/');
    await expect((await userMenu(page)).getByRole('menuitem', { name: 'Account' })).toBeVisible();
    await page.keyboard.press('Escape');
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
    await (await userMenu(page)).getByRole('menuitem', { name: 'Account' }).click();
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
    const send = page.getByRole('button', { name: 'Send the link' });
    await send.click();
    await expect(page.getByText(`If an account uses ${linus.email}, a link`)).toBeVisible();

    const link = await latestEmailLink(page.request, linus.email, 'reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
    const newPassword = 'a brand new passphrase';
    const newField = page.getByLabel('New password', { exact: true });
    await newField.fill(newPassword);
    // Show password: the field turns to text and back.
    const show = page.getByRole('button', { name: 'Show new password' });
    await show.click();
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(newField).toHaveAttribute('type', 'text');
    await show.click();
    await expect(newField).toHaveAttribute('type', 'password');
    // A confirmation that does not match is refused beside its field, in the product's words.
    const confirm = page.getByLabel('Confirm password', { exact: true });
    await confirm.fill('something else entirely');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toHaveAccessibleDescription('The passwords do not match.');
    await confirm.fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await expect(page.getByText('Your password is changed')).toBeVisible();
    await expect(page).toHaveURL('/sign-in');
    await signIn(page, { ...linus, password: newPassword });

    // The used link says so at once, before any form, and offers a new one.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Send a new link' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password');
  });

  test('resend confirmation from the sign-up card: a new link arrives and confirms', async ({ page }) => {
    const mary = newPerson('Mary Resend');
    await signUp(page, mary);
    const first = await latestEmailLink(page.request, mary.email, 'verify-email');
    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    await expect(
      page.getByText(`If ${mary.email} is waiting for its confirmation, a new link is on its way.`),
    ).toBeVisible();
    await expect
      .poll(async () => latestEmailLink(page.request, mary.email, 'verify-email'), { timeout: 10_000 })
      .not.toBe(first);
    await followVerificationLink(page, mary);

    // The confirmed link, opened again, says so at once and offers sign-in.
    await page.goto(first);
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
  });
});

test.describe('an e-mailed link that does not work', () => {
  // The server answers INVALID_TOKEN with 400, which the browser logs.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 400\b/] });

  test('a verification link that is not valid explains itself and offers sign-in', async ({ page }) => {
    await page.goto('/verify-email?token=not-a-real-token');
    // Said at once: no password form for a link that cannot work.
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used');
    await expect(page.getByLabel('Choose a password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send a new one' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  });
});
