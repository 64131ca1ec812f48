import { accountNav } from './accounts.ts';
import { expect, expectScreen, test } from './fixtures.ts';
import { startFreshServer, type FreshServer } from './fresh-server.ts';

const admin = { name: 'Fran First', email: 'fran@example.test', password: 'correct horse battery staple' };

let server: FreshServer | undefined;

test.beforeAll(async () => {
  server = await startFreshServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test.describe('first run', () => {
  // The used link is checked again on purpose: the server answers 409, which Chromium logs.
  test.use({ allowedConsoleErrors: [/^Failed to load resource: the server responded with a status of 409\b/] });

  test('the printed setup link creates the administrator, who lands signed in on the admin screen; the app works at 127.0.0.1 too', async ({
    page,
    otherPage,
  }) => {
    if (!server) throw new Error('The fresh server did not start');
    // What the server printed: the address people open, and the link, on it.
    expect(server.address).toBe(`http://localhost:${server.port}`);
    expect(server.setupLink.startsWith(`${server.address}/setup?token=`)).toBe(true);

    await page.goto(server.setupLink);
    await expectScreen(page, 'Create the administrator');
    await page.getByLabel('Name', { exact: true }).fill(admin.name);
    await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(admin.password);
    const create = page.getByRole('button', { name: 'Create the administrator' });
    await create.click();

    // Hashing the password and creating the account on a just-started server can take
    // longer than an expectation's 5 s on a loaded 2-core machine.
    await expect(page).toHaveURL(`${server.address}/admin/users`, { timeout: 15_000 });
    await expectScreen(page, 'Users');
    await expect(accountNav(page).getByText(admin.name, { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: admin.email })).toHaveCount(1);

    // The link never works again, and says where to go instead.
    await page.goto(server.setupLink);
    await expect(page.getByRole('alert')).toContainText('Setup is finished: an administrator exists already.');
    await page.getByRole('alert').getByRole('link', { name: 'Sign in' }).click();
    await expectScreen(page, 'Sign in');

    // Someone who opens the address Fastify logs (127.0.0.1) signs in there: it is the
    // same server, and its host-only cookie works under that name.
    const loopback = `http://127.0.0.1:${server.port}`;
    await otherPage.goto(`${loopback}/sign-in`);
    await otherPage.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await otherPage.getByLabel('Password', { exact: true }).fill(admin.password);
    await otherPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(otherPage).toHaveURL(`${loopback}/`);
    await expect(accountNav(otherPage).getByText(admin.name, { exact: true })).toBeVisible();
    await otherPage.goto(`${loopback}/admin/users`);
    await expect(otherPage.getByRole('row').filter({ hasText: admin.email })).toHaveCount(1);
  });
});
