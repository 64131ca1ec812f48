import type { Page } from '@playwright/test';
import { accountNav, newPerson, signInAsAdmin, signUpVerified } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/** Resolves once the page has opened its live-update stream (loaded when the page is idle). */
const liveStream = (page: Page) => page.waitForRequest((request) => request.url().includes('/trpc/live.changes'));

test("one browser's action updates another browser's screen without a reload", async ({ page, otherPage, baseURL }) => {
  const member = newPerson('Lee Live');
  await signInAsAdmin(page, baseURL);
  const adminStreaming = liveStream(page);
  await page.goto('/admin/sessions');
  await adminStreaming;
  const memberSessions = page.getByRole('row').filter({ hasText: member.email });
  await expect(memberSessions).toHaveCount(0);

  // The member signs up and in, in their own browser: the admin's list shows their session.
  await signUpVerified(otherPage, member);
  await expect(memberSessions).toHaveCount(1);

  // On their own account screen, the member sees the session the admin is about to end.
  const memberStreaming = liveStream(otherPage);
  await otherPage.goto('/account');
  await memberStreaming;
  await expect(otherPage.getByRole('row').filter({ hasText: 'This device' })).toHaveCount(1);

  // The admin revokes it: the admin's list drops it, and the member's browser is signed out at once.
  await page.getByRole('button', { name: new RegExp(`^Revoke the session of ${member.email}`) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(memberSessions).toHaveCount(0);
  await expect(otherPage.getByRole('alert').filter({ hasText: 'You are signed out.' })).toBeVisible();
  await expect(accountNav(otherPage).getByRole('link', { name: 'Sign in' })).toBeVisible();
});
