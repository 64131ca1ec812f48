import type { APIRequestContext, Page } from '@playwright/test';
import SuperJSON from 'superjson';
import { recordTitle } from '../src/client/spec-screens/cell-format.ts';
import { formFields } from '../src/client/spec-screens/form-values.ts';
import { specScreens } from '../src/client/generated/screens.ts';
import type { SpecScreen } from '../src/client/spec-screens/spec-screen.ts';
import { sampleValue } from '../src/server/test/sample-value.ts';
import { specEntities } from '../src/shared/generated/entities.ts';
import { specRoles } from '../src/shared/generated/permissions.ts';
import type { Role } from '../src/shared/permissions.ts';
import type { EntityMeta } from '../src/shared/spec/entity-meta.ts';
import { entityPermission } from '../src/shared/spec/permission-names.ts';
import { call, signInAsAdminByApi } from './accounts.ts';
import { expectNoAccessibilityViolations } from './axe.ts';
import { expect, expectScreen, test } from './fixtures.ts';
import { switchTheme, themes } from './open-screen.ts';

/*
 * [2] One smoke journey per screen of the compiled specification, as
 * a person the screen is for: a list shows a record, a detail screen shows one, a form
 * makes one and leads to it, a custom screen opens; each without an accessibility
 * violation, in both themes. The records they need are made first through the API by
 * the administrator. The product's own spec/ has no screens: the example leg
 * (tools/spec/example-leg.ts) runs these on an example's compiled copy.
 */

const screens: SpecScreen[] = Object.values(specScreens);
const entities: EntityMeta[] = Object.values(specEntities);
const rolesHeld: Readonly<Record<string, readonly string[]>> = specRoles;

function entityNamed(name: string): EntityMeta {
  const meta = entities.find((entity) => entity.name === name);
  if (!meta) throw new Error(`No entity ${name} in src/shared/generated/entities.ts`);
  return meta;
}

/**
 * Of the roles the screen is for (any role of the spec's, for a public or signed-in
 * screen), one that reads every record of its entity, else the first of them.
 */
function visitorRole(screen: SpecScreen): Role {
  const candidates = typeof screen.who === 'string' ? [...Object.keys(rolesHeld), 'member'] : screen.who;
  const entity = screen.entity;
  const readsAll = entity
    ? candidates.find((role) => rolesHeld[role]?.includes(entityPermission(entity, 'read', 'all')))
    : undefined;
  const role = readsAll ?? candidates[0];
  if (!role) throw new Error(`Screen ${screen.name} is for no role`);
  return role as Role;
}

/** Whether a form must be given a value for the field: required, with no default to keep. */
const mustFill = (field: EntityMeta['fields'][string]) =>
  !field.optional && !('default' in field && field.default !== undefined) && field.kind !== 'boolean';

// Unique fields (e-mails, plates) must differ between the desktop and phone runs and their retries,
// which share one database and each start this module afresh: a random start, counted up.
let sampleNumber = 10_000 + Math.floor(Math.random() * 80_000);

/** A new record of `meta`, made by the admin through `<entity>.create`, its required relations first. */
async function seedRecord(
  admin: APIRequestContext,
  origin: string,
  meta: EntityMeta,
): Promise<Record<string, unknown>> {
  sampleNumber += 1;
  const input: Record<string, unknown> = {};
  for (const { key, field } of formFields(meta)) {
    if (!mustFill(field)) continue;
    if (field.kind !== 'relation') input[key] = sampleValue(field, sampleNumber);
    else if (field.to === 'user')
      throw new Error(`${meta.name}.${key} is a required relation to a person: the smoke journey cannot choose one`);
    else input[key] = (await seedRecord(admin, origin, entityNamed(field.to))).id;
  }
  // The entity's router, as src/client/spec-screens/entity-procedures.ts names it.
  const create = `${meta.name.charAt(0).toLowerCase()}${meta.name.slice(1)}.create`;
  const response = await call(admin, origin, create, input);
  expect(response.status(), `${create}: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as { result: { data: Parameters<typeof SuperJSON.deserialize>[0] } };
  return SuperJSON.deserialize(body.result.data);
}

/** An admin's request context of its own, for making the records a screen shows. */
async function asAdmin<T>(
  newContext: () => Promise<APIRequestContext>,
  origin: string,
  work: (admin: APIRequestContext) => Promise<T>,
): Promise<T> {
  const admin = await newContext();
  try {
    await signInAsAdminByApi(admin, origin);
    return await work(admin);
  } finally {
    await admin.dispose();
  }
}

/** The address of `route` ('/work-orders/:id') for a record. */
const addressOf = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** Its data in: no "Loading…" notice, no region marked busy. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The screen is open, for the person signed in: their menu in the header, not "Sign in". */
async function expectOpenFor(page: Page, screen: SpecScreen, person: { name: string }): Promise<void> {
  await expectScreen(page, screen.title);
  const account = page.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('button', { name: new RegExp(escapeRegExp(person.name)) })).toBeVisible();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function expectAccessibleInBothThemes(page: Page, screen: SpecScreen): Promise<void> {
  for (const theme of themes) {
    // Waits for the controls' colour fades too: axe read a badge mid-fade once (1.7:1).
    await switchTheme(page, theme);
    await expectNoAccessibilityViolations(page, `${screen.name} (${screen.route}), ${theme} theme`);
  }
}

if (screens.length === 0)
  test('the specification’s screens', () => {
    test.skip(true, 'spec/screens.ts declares no screen; `npm run test:example` runs these on the example');
  });

for (const screen of screens) {
  const role = visitorRole(screen);
  test.describe(`${screen.title} (${screen.kind} screen ${screen.route})`, () => {
    test.use({ role });

    test(`opens for a ${role} and does its job`, async ({ page, signedIn, playwright, baseURL }) => {
      const origin = baseURL ?? '';
      const newContext = () => playwright.request.newContext({ baseURL });
      const meta = screen.entity ? entityNamed(screen.entity) : null;

      if (screen.kind === 'custom' || !meta) {
        await page.goto(screen.route);
        await expectOpenFor(page, screen, signedIn);
      } else if (screen.kind === 'list' || screen.kind === 'detail') {
        const record = await asAdmin(newContext, origin, (admin) => seedRecord(admin, origin, meta));
        const title = recordTitle(meta, record);
        if (screen.kind === 'list') {
          await page.goto(`${screen.route}?q=${encodeURIComponent(title)}`);
          await expectOpenFor(page, screen, signedIn);
          await expect(page.getByRole('main').getByText(title, { exact: true }).first()).toBeVisible();
        } else {
          await page.goto(addressOf(screen.route, String(record.id)));
          await expectOpenFor(page, screen, signedIn);
          await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
        }
      } else {
        // A form: every field it must be given, its relations pointing at records made for it.
        const related = new Map<string, string>();
        for (const { key, field } of formFields(meta))
          if (mustFill(field) && field.kind === 'relation' && field.to !== 'user')
            related.set(
              key,
              String(
                (await asAdmin(newContext, origin, (admin) => seedRecord(admin, origin, entityNamed(field.to)))).id,
              ),
            );
        await page.goto(screen.route);
        await expectOpenFor(page, screen, signedIn);
        await settle(page);
        sampleNumber += 1;
        const filled: Record<string, unknown> = {};
        for (const { key, field } of formFields(meta)) {
          if (!mustFill(field)) continue;
          const input = page.getByLabel(field.label, { exact: true });
          if (field.kind === 'relation') {
            const id = related.get(key);
            if (id) await input.selectOption(id);
          } else if (field.kind === 'enum') {
            await input.selectOption(String(field.values[0]));
          } else {
            const value = String(sampleValue(field, sampleNumber));
            filled[key] = value;
            await input.fill(value);
          }
        }
        await expectAccessibleInBothThemes(page, screen);
        await page.getByRole('button', { name: `Create ${meta.label.toLowerCase()}` }).click();
        await expect(page).not.toHaveURL(new RegExp(`${screen.route}$`));
        const title = recordTitle(meta, filled);
        if (title !== meta.label)
          await expect(page.getByRole('main').getByText(title, { exact: true }).first()).toBeVisible();
        return;
      }
      await settle(page);
      await expectAccessibleInBothThemes(page, screen);
    });
  });
}
