import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import SuperJSON from 'superjson';
import { defaultRole, type Role } from '../src/shared/permissions.ts';
import { firstAdminEmail } from './first-admin.ts';
import { latestEmailLink } from './mailbox.ts';

export interface Person {
  name: string;
  email: string;
  password: string;
}

/** Long enough for the shared password rule (limits.password.min). */
export const password = 'correct horse battery staple';

/**
 * Someone nobody has signed up as yet: the server's database lives for the whole
 * run (and across retries), so every test makes its own people.
 */
export function newPerson(name: string): Person {
  const unique = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${unique}@example.test`, password };
}

/** The first admin (FIRST_ADMIN_EMAIL): the first to sign up with the address becomes admin. */
export const admin: Person = { name: 'Ada Admin', email: firstAdminEmail, password };

export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Below 768 px the main navigation sits in a sheet behind the Menu button. */
export const isPhoneWidth = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * The main navigation as a person reaches it: in the header from 768 px; on a phone
 * the Menu button opens it in a sheet first.
 */
export async function openMainNav(page: Page): Promise<Locator> {
  if (!isPhoneWidth(page)) return mainNav(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return nav;
}
export const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Account' });

/** Fills and sends the sign-up form (a name and an address); the screen then asks to check the inbox. */
export async function signUp(page: Page, person: Pick<Person, 'name' | 'email'>): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('Name', { exact: true }).fill(person.name);
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
}

/** Opens the link of the verification e-mail and chooses the password there: that confirms the address, signs in and welcomes. */
export async function followVerificationLink(page: Page, person: Person): Promise<void> {
  await page.goto(await latestEmailLink(page.request, person.email, 'verify-email'));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail' })).toBeVisible();
  await page.getByLabel('Choose a password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  // A welcome on Home, not the status screen.
  await expect(page).toHaveURL('/');
  await expect(page.getByText(`Welcome, ${person.name}!`)).toBeVisible();
  await expect(accountNav(page).getByText(person.name, { exact: true })).toBeVisible();
}

export async function signUpVerified(page: Page, person: Person): Promise<void> {
  await signUp(page, person);
  await followVerificationLink(page, person);
}

/** Signs in through the form; on success home shows, with the name in the header. */
export async function signIn(page: Page, person: Pick<Person, 'email' | 'password' | 'name'>): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  await expect(accountNav(page).getByText(person.name, { exact: true })).toBeVisible();
}

/** Opens the header's user menu (signed in only); its items are then `menuitem`s of the page. */
export async function openUserMenu(page: Page): Promise<void> {
  await accountNav(page).getByRole('button').click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Opens the user menu (Account, Admin, Mailbox, Sign out) and returns it; Escape closes it. */
export async function userMenu(page: Page): Promise<Locator> {
  await openUserMenu(page);
  return page.getByRole('menu');
}

export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  // The screen changes at once; the next navigation must not cut the call short.
  const signedOut = page.waitForResponse((response) => response.url().includes('/trpc/auth.signOut'));
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await signedOut;
  await expect(accountNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
}

/**
 * Signs the admin in. The first test of a run that needs them signs them up,
 * through the form and the e-mailed link; later ones sign in. Which of the two
 * is asked of the server quietly (a 401 here would be a console error in the page).
 */
export async function signInAsAdmin(page: Page, baseURL: string | undefined): Promise<void> {
  const probe = await page.request.post('/trpc/auth.signIn', {
    data: { json: { email: admin.email, password: admin.password } },
    headers: { origin: baseURL ?? '' },
  });
  if (probe.ok()) {
    // The probe's cookie is the browser context's too: the browser is signed in.
    await page.goto('/');
    await expect(accountNav(page).getByText(admin.name, { exact: true })).toBeVisible();
    return;
  }
  // 401: no such account yet, or one signed up by an attempt that stopped before the link.
  expect(probe.status(), await probe.text()).toBe(401);
  await signUpVerified(page, admin);
}

/**
 * Calls a mutation over plain HTTP as `request`'s browser context (its cookies), with
 * the input in superjson's envelope as the app's client sends it; answers its status.
 */
export async function call(request: APIRequestContext, origin: string, path: string, input: unknown) {
  return request.post(`/trpc/${path}`, { data: SuperJSON.serialize(input), headers: { origin } });
}

async function expectDone(answer: ReturnType<typeof call>): Promise<void> {
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs `person` up and follows the e-mailed link through the API rather than the
 * forms (identity.spec.ts walks those): `request`'s context is then signed in.
 */
async function signUpVerifiedByApi(request: APIRequestContext, origin: string, person: Person): Promise<void> {
  await expectDone(call(request, origin, 'auth.signUp', { name: person.name, email: person.email }));
  const token = new URL(await latestEmailLink(request, person.email, 'verify-email')).searchParams.get('token');
  await expectDone(call(request, origin, 'auth.verifyEmail', { token, password: person.password }));
}

/** Signs `request`'s context in as the first admin, signing them up first if no one has yet. */
export async function signInAsAdminByApi(request: APIRequestContext, origin: string): Promise<void> {
  const probe = await call(request, origin, 'auth.signIn', { email: admin.email, password: admin.password });
  if (probe.ok()) return;
  // 401: no such account yet, or one signed up by an attempt that stopped before the link.
  expect(probe.status(), await probe.text()).toBe(401);
  await signUpVerifiedByApi(request, origin, admin);
}

/**
 * A fresh person with `role`, confirmed and signed in on `page`'s browser context:
 * signed up through the API, then given the role by the first admin (in a request
 * context of the admin's own) unless it is the role every new account has.
 */
export async function signInWithRole(
  page: Page,
  newContext: () => Promise<APIRequestContext>,
  origin: string,
  role: Role,
): Promise<Person> {
  const person = newPerson(`${role[0]?.toUpperCase() ?? ''}${role.slice(1)} Person`);
  await signUpVerifiedByApi(page.request, origin, person);
  if (role === defaultRole) return person;
  const viewer = await page.request.get('/trpc/auth.viewer');
  const { id } = ((await viewer.json()) as { result: { data: { json: { id: string } } } }).result.data.json;
  const adminRequest = await newContext();
  try {
    await signInAsAdminByApi(adminRequest, origin);
    await expectDone(call(adminRequest, origin, 'admin.users.setRole', { userId: id, role }));
  } finally {
    await adminRequest.dispose();
  }
  return person;
}
