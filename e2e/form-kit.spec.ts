import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAsAdminByApi } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/** Where success toasts appear (sonner's region). */
const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });
const submit = (page: Page) => page.getByRole('button', { name: 'Check the form' });
const parsedValue = (page: Page) => page.getByRole('region', { name: 'Parsed value' });

test.describe('the form kit', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInAsAdminByApi(page.request, baseURL ?? '');
    await page.goto('/admin/form-kit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Form kit');
  });

  test('an empty form shows each rule beside its field, in the product’s words', async ({ page }) => {
    await submit(page).click();

    const expected: [string, RegExp][] = [
      ['Name', /^Required$/],
      ['E-mail address', /^Enter a valid e-mail address$/],
      ['Password', /^A passphrase of a few words is best\. At least 10 characters\.$/],
      ['Plan', /^Choose one of the options\.$/],
      ['Owner', /Required$/],
      ['Seats', /Required\.$/],
      ['Price', /Required\.$/],
      ['Starts on', /^Required\.$/],
      ['Kick-off meeting', /^Time in Europe\/Berlin Required\.$/],
    ];
    for (const [label, message] of expected) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field, label).toHaveAttribute('aria-invalid', 'true');
      await expect(field, label).toHaveAccessibleDescription(message);
    }
    await expect(page.getByRole('group', { name: 'Channels' })).toHaveAccessibleDescription(
      'How the owner hears about changes. Choose at least one.',
    );
    // Notes are optional: no error there.
    await expect(page.getByLabel('Notes', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    // The first field in error has the focus, and nothing was "parsed".
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(parsedValue(page)).toHaveCount(0);
    // The errors' red on the card passes contrast too (accessibility.spec.ts sees the form only empty).
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });

  test('a filled form parses into cents and a UTC instant; a time the clocks skip is refused', async ({ page }) => {
    await page.getByLabel('Name', { exact: true }).fill('Kick-off');
    await page.getByLabel('E-mail address', { exact: true }).fill('team@example.com');
    await page.getByLabel('Password', { exact: true }).fill('a long enough secret');
    await page.getByLabel('Notes', { exact: true }).fill('Bring the plan.');
    await page.getByLabel('Plan', { exact: true }).selectOption({ label: 'Team' });
    const owner = page.getByLabel('Owner', { exact: true });
    await expect(owner).toBeEnabled();
    // The options are the newest page of users; the run's other journeys add users, so
    // the first one after "Choose…" is whoever signed up last.
    await owner.selectOption({ index: 1 });
    const ownerId = await owner.inputValue();
    expect(ownerId).not.toBe('');
    await page.getByRole('group', { name: 'Channels' }).getByLabel('E-mail').check();
    await page.getByLabel('Seats', { exact: true }).fill('3');
    await page.getByLabel('Price', { exact: true }).fill('12.34');
    await page.getByLabel('Starts on', { exact: true }).fill('2024-02-29');
    const meeting = page.getByLabel('Kick-off meeting', { exact: true });
    // Berlin's clocks go from 02:00 to 03:00 on 29 March 2026: 02:30 never happens there.
    await meeting.fill('2026-03-29T02:30');
    await submit(page).click();

    await expect(meeting).toHaveAttribute('aria-invalid', 'true');
    await expect(meeting).toHaveAccessibleDescription(
      'Time in Europe/Berlin This time does not exist in Europe/Berlin: the clocks skip it when they go forward. Choose a later time.',
    );
    await expect(meeting).toBeFocused();
    await expect(parsedValue(page)).toHaveCount(0);

    // 03:30 in summer time (UTC+2) is 01:30 UTC.
    await meeting.fill('2026-03-29T03:30');
    await submit(page).click();

    await expect(toasts(page).getByText('The form is valid')).toBeVisible();
    const parsed = JSON.parse((await parsedValue(page).locator('pre').textContent()) ?? '') as Record<string, unknown>;
    expect(parsed).toEqual({
      name: 'Kick-off',
      email: 'team@example.com',
      password: 'a long enough secret',
      notes: 'Bring the plan.',
      plan: 'team',
      ownerId,
      channels: ['email'],
      seats: 3,
      price: 1234,
      startsOn: '2024-02-29',
      meetingAt: '2026-03-29T01:30:00.000Z',
    });
    await expect(meeting).not.toHaveAttribute('aria-invalid', 'true');
  });
});
