import type { Page, Request } from '@playwright/test';
import { openMainNav, signInAsAdmin } from './accounts.ts';
import { expect, expectScreen, test } from './fixtures.ts';
import { trpcCallsTo } from './trpc-calls.ts';

/** Calls of `records.create` the page sends, to prove when none leave. */
function createCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/trpc/records.create')) calls.push(request);
  });
  return calls;
}

/** The same tRPC request body (batched or not) with every call's `name` replaced. */
function withName(postData: string | null, name: string): string {
  interface Call {
    json: { name: string };
  }
  // httpBatchLink sends { "0": call, "1": call, … }; httpLink sends the call itself.
  const body = JSON.parse(postData ?? 'null') as Record<string, unknown>;
  const calls = ('json' in body ? [body] : Object.values(body)) as Call[];
  for (const call of calls) call.json.name = name;
  return JSON.stringify(body);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The first error in a tRPC answer (batched or not), as the server's formatter wrote it. */
interface ErrorAnswer {
  error: { json: { message: string; data: { appCode: string; fieldErrors: Record<string, string[]> | null } } };
}
function firstError(body: ErrorAnswer | ErrorAnswer[]): ErrorAnswer['error']['json'] {
  const answer = Array.isArray(body) ? body[0] : body;
  if (!answer) throw new Error('Empty tRPC answer');
  return answer.error.json;
}

test.describe('records: a placeholder screen with a real form', () => {
  test('tells a visitor plainly that records are not specified, offers sign-in, and loads nothing', async ({
    page,
  }) => {
    const listCalls = trpcCallsTo(page, 'records.');
    await page.goto('/records');

    await expectScreen(page, 'Records');
    await expect(page.getByText('The product’s records are not specified yet')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Not specified yet' })).toBeVisible();
    // No form a visitor could not use, and no procedure names.
    await expect(page.getByRole('heading', { level: 2, name: 'Sign in to add records' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    await expect(page.getByRole('form', { name: 'New record' })).toHaveCount(0);
    await expect(page.getByRole('main')).not.toContainText('records.');
    await expect((await openMainNav(page)).getByRole('link', { name: 'Records' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(listCalls).toEqual([]);
  });
});

test.describe('records: the form, for a signed-in person', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInAsAdmin(page, baseURL);
  });

  test('an empty name is stopped in the browser: "Required" beside the field, no request', async ({ page }) => {
    const calls = createCalls(page);
    await page.goto('/records');

    await page.getByRole('button', { name: 'Create record' }).click();

    const name = page.getByLabel('Name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(/Required/);
    await expect(name).toBeFocused();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test.describe('when the server answers with an error', () => {
    // The browser logs every 4xx/5xx answer; these are the ones staged below.
    test.use({
      allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of (400|401|501)\b/],
    });

    test('a valid name reaches the server, whose "not available yet" shows in plain words', async ({ page }) => {
      await page.goto('/records');
      await page.getByLabel('Name').fill('First record');

      const answer = page.waitForResponse((response) => response.url().includes('/trpc/records.create'));
      await page.getByRole('button', { name: 'Create record' }).click();
      const response = await answer;

      expect(response.status()).toBe(501);
      const requestId = response.headers()['x-request-id'];
      expect(requestId).toBeTruthy();
      const notice = page.getByRole('form', { name: 'New record' }).getByRole('alert');
      // In the product's words, not the procedure's name; a placeholder's answer is routine: no reference.
      await expect(notice).toContainText('Creating records is not available yet');
      await expect(notice).not.toContainText('records.create');
      await expect(notice).not.toContainText('Reference');
      // Not the field's fault: the name stays valid and filled in.
      await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
      await expect(page.getByLabel('Name')).toHaveValue('First record');
      // No retry: the same call would get the same answer.
      await expect(notice.getByRole('button')).toHaveCount(0);

      // A new attempt replaces that answer, even one stopped in the browser.
      await page.getByLabel('Name').fill('');
      await page.getByRole('button', { name: 'Create record' }).click();
      await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/Required/);
      await expect(notice).toHaveCount(0);
    });

    test("a rule the client did not know (an out-of-date client) puts the server's message beside the field", async ({
      page,
    }) => {
      // The client accepts the name; on the way, it becomes one the server's rule rejects.
      await page.route('**/trpc/records.create*', (route) =>
        route.continue({ postData: withName(route.request().postData(), 'x'.repeat(500)) }),
      );
      await page.goto('/records');
      const name = page.getByLabel('Name');
      await name.fill('Accepted by the client');

      const answer = page.waitForResponse((response) => response.url().includes('/trpc/records.create'));
      await page.getByRole('button', { name: 'Create record' }).click();
      const response = await answer;

      expect(response.status()).toBe(400);
      const error = firstError((await response.json()) as ErrorAnswer | ErrorAnswer[]);
      expect(error.data.appCode).toBe('VALIDATION_FAILED');
      const message = error.data.fieldErrors?.name?.[0];
      if (!message) throw new Error(`No field error for name in ${JSON.stringify(error)}`);

      await expect(name).toHaveAttribute('aria-invalid', 'true');
      await expect(name).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
      await expect(name).toBeFocused();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      // Beside the field, not as a generic alert.
      await expect(page.getByRole('alert')).toHaveCount(0);

      // Editing the field hands it back to the client's rule.
      await name.fill('Shorter');
      await expect(name).not.toHaveAttribute('aria-invalid');
    });

    test('a signed-out answer raises the banner, which stays across screens', async ({ page }) => {
      await page.route('**/trpc/records.create*', (route) =>
        route.fulfill({
          status: 401,
          json: [
            {
              error: {
                json: {
                  message: 'You are signed out. Sign in to continue.',
                  code: -32001,
                  data: {
                    code: 'UNAUTHORIZED',
                    httpStatus: 401,
                    path: 'records.create',
                    appCode: 'UNAUTHENTICATED',
                    requestId: 'staged-401',
                    fieldErrors: null,
                    details: null,
                  },
                },
              },
            },
          ],
        }),
      );
      await page.goto('/records');
      await page.getByLabel('Name').fill('First record');
      await page.getByRole('button', { name: 'Create record' }).click();

      const banner = page.getByRole('alert').filter({ hasText: 'You are signed out.' });
      await expect(banner).toHaveCount(1);
      // Sign-in comes back to the page the person was on.
      await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        /^\/sign-in\?redirect=(%2F|\/)records$/,
      );

      await (await openMainNav(page)).getByRole('link', { name: 'Status' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('System status');
      await expect(banner).toBeVisible();

      // The link reloads the app on the sign-in screen, without the banner.
      await banner.getByRole('link', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      await expect(banner).toHaveCount(0);
    });
  });
});

test.describe('errors no screen shows', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });

  test('become a toast that stays until dismissed, with its reference', async ({ page, baseURL }) => {
    await signInAsAdmin(page, baseURL);
    // Signing out has no place on screen for its error: the app-wide notice shows it.
    await page.route('**/trpc/auth.signOut*', (route) =>
      route.fulfill({
        status: 500,
        json: [
          {
            error: {
              json: {
                message: 'Something went wrong on our side.',
                code: -32603,
                data: {
                  code: 'INTERNAL_SERVER_ERROR',
                  httpStatus: 500,
                  path: 'auth.signOut',
                  appCode: 'INTERNAL',
                  requestId: 'staged-500',
                  fieldErrors: null,
                  details: null,
                },
              },
            },
          },
        ],
      }),
    );
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();

    const toast = page.getByRole('listitem').filter({ hasText: 'Something went wrong on our side.' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Reference: staged-500');
    // Errors do not time out (sonner's default is 4 s).
    await page.waitForTimeout(5_000);
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: /close/i }).click();
    await expect(toast).toHaveCount(0);
  });
});
