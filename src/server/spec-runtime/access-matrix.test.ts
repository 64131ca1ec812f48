import { beforeAll, describe, expect, it } from 'vitest';
import { specOperations } from '../../shared/generated/operations.ts';
import { can, roleNames, type Permission } from '../../shared/permissions.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { columnOf } from '../../shared/spec/entity-schemas.ts';
import { entityPermission, eventPermission, type EntityAction } from '../../shared/spec/permission-names.ts';
import { codeOf, procedureOf } from '../test/spec-calls.ts';
import { createSample, entityList, entityNamed, recordContext, sampleValues, setStored } from '../test/spec-samples.ts';
import { callerAs } from '../test/test-app.ts';

/**
 * Each standard procedure and each state event of the compiled specification × each role
 * (the spec's, and member, who holds none of them), on a record someone else made: the
 * answer the roles point says — allowed, FORBIDDEN without the permission, NOT_FOUND when
 * the role reaches only its own records (the record is not there for it), FORBIDDEN when it
 * sees every record but may change only its own. Both engines; the example leg runs it.
 */
type Admin = Awaited<ReturnType<typeof callerAs>>;

const roles = roleNames.filter((role) => role !== 'admin');
const operationsOf = (meta: EntityMeta) =>
  (specOperations as Readonly<Record<string, { standard: readonly string[] }>>)[meta.name]?.standard ?? [];

const holds = (role: string, permission: string) => can({ role }, permission as Permission);
const scopeOf = (role: string, meta: EntityMeta, action: EntityAction) =>
  holds(role, entityPermission(meta.name, action, 'all'))
    ? 'all'
    : holds(role, entityPermission(meta.name, action, 'own'))
      ? 'own'
      : 'none';

/** What `role` gets when it `action`s a record it does not own, per the roles point. */
function expected(role: string, meta: EntityMeta, action: EntityAction): string {
  const scope = scopeOf(role, meta, action);
  if (scope === 'none') return 'FORBIDDEN';
  if (scope === 'all') return 'ok';
  return scopeOf(role, meta, 'read') === 'all' ? 'FORBIDDEN' : 'NOT_FOUND';
}

/** What creating a sample gets: its references point at records `role` may not own. */
function expectedCreate(role: string, meta: EntityMeta): string {
  const scope = scopeOf(role, meta, 'create');
  if (scope === 'none') return 'FORBIDDEN';
  const unreadable = Object.values(meta.fields).some(
    (field) =>
      field.kind === 'relation' &&
      field.cardinality === 'one' &&
      !field.optional &&
      field.to !== 'user' &&
      scopeOf(role, entityNamed(field.to), 'read') !== 'all',
  );
  if (unreadable) return 'NOT_FOUND';
  return scope === 'all' ? 'ok' : 'FORBIDDEN';
}

const cases = entityList.flatMap((meta) =>
  roles.flatMap((role) =>
    (['get', 'create', 'update', 'archive'] as const)
      .filter((operation) => operationsOf(meta).includes(operation))
      .map((operation) => ({ meta, role, operation })),
  ),
);

const eventCases = entityList
  .filter((meta) => operationsOf(meta).includes('events'))
  .flatMap((meta) =>
    Object.entries(meta.states?.events ?? {}).flatMap(([event, spec]) =>
      roles.map((role) => ({ meta, role, event, spec })),
    ),
  );

describe.skipIf(cases.length > 0)('role × procedure', () => {
  it.skip('runs in the example leg: the product’s own spec/ names no entity', () => undefined);
});

describe.runIf(cases.length > 0)('role × procedure, on a record someone else made', () => {
  let admin: Admin;
  const people = new Map<string, Admin>();
  beforeAll(async () => {
    admin = await callerAs('admin');
    for (const role of roles) people.set(role, await callerAs(role, admin.services));
  });
  const person = (role: string) => {
    const found = people.get(role);
    if (!found) throw new Error(`no caller for ${role}`);
    return found;
  };

  it.each(cases)('$meta.name $operation as $role', async ({ meta, role, operation }) => {
    const ctx = recordContext(admin.services, admin.viewer);
    const caller = person(role).caller;
    if (operation === 'create') {
      // What the role's form sends: the fields spec/roles.ts hides from it left out (field-visibility.test.ts).
      const hidden = (meta.hidden[role] ?? []).map((field) => columnOf(meta, field));
      const values = Object.fromEntries(
        Object.entries(await sampleValues(ctx, meta)).filter(([key]) => !hidden.includes(key)),
      );
      expect(await codeOf(procedureOf(caller, meta, 'create')(values))).toBe(expectedCreate(role, meta));
      return;
    }
    const record = await createSample(ctx, meta);
    const action: EntityAction = operation === 'get' ? 'read' : operation;
    const input = operation === 'get' ? { id: record.id } : { id: record.id, version: 1 };
    expect(await codeOf(procedureOf(caller, meta, operation)(input))).toBe(expected(role, meta, action));
  });

  it.each(eventCases)('$meta.name.$event as $role', async ({ meta, role, event, spec }) => {
    const ctx = recordContext(admin.services, admin.viewer);
    const record = await createSample(ctx, meta);
    const from = spec.from[0];
    if (from) await setStored(admin.services.db, meta, record.id, { state: from });
    const note = spec.note === 'none' ? {} : { note: 'A note' };
    const answer = await codeOf(procedureOf(person(role).caller, meta, event)({ id: record.id, version: 1, ...note }));
    const any = holds(role, eventPermission(meta.name, event, 'all'));
    const own = holds(role, eventPermission(meta.name, event, 'own'));
    if (!any && !own) expect(answer).toBe('FORBIDDEN');
    else if (!any) expect(answer).toBe('NOT_FOUND');
    // Allowed: it fires, or stops at what the record lacks (a required value, a rule), never at access.
    else expect(answer).not.toMatch(/^(FORBIDDEN|NOT_FOUND|UNAUTHENTICATED)$/);
  });
});
