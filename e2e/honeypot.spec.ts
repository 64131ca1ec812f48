import { expect, test } from './fixtures.ts';

// The public forms carry a field only bots fill (docs/decisions/0013-browser-security.md):
// a person must never meet it, by sight, by keyboard or by screen reader.
for (const { path, fields, button } of [
  { path: '/sign-up', fields: ['Name', 'E-mail'], button: 'Sign up' },
  // The password's show/hide toggle is a stop of its own, right after it.
  { path: '/sign-in', fields: ['E-mail', 'Password', 'Show password'], button: 'Sign in' },
  { path: '/forgot-password', fields: ['E-mail'], button: 'Send the link' },
]) {
  test(`${path}: the keyboard goes from field to field to the button, past the hidden honeypot`, async ({ page }) => {
    await page.goto(path);
    const form = page.getByRole('form');
    await expect(form.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);

    await form.getByLabel(fields[0] ?? '', { exact: true }).focus();
    // The app comes with the page's first use (first-use.spec.ts); until then the form's
    // button is disabled, so not a stop of the keyboard's.
    await expect(form.getByRole('button', { name: button })).toBeEnabled();
    for (const field of fields.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(form.getByLabel(field, { exact: true })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: button })).toBeFocused();
  });
}
