import { describe, expect, it } from 'vitest';
import { roleNames, type Role } from '../../shared/permissions.ts';
import { codeOf, procedureOf } from '../test/spec-calls.ts';
import { entityList } from '../test/spec-samples.ts';
import { callerAs } from '../test/test-app.ts';
import { rolesOwningThrough, userRelations } from './people.ts';

/**
 * `<entity>.people` for every relation to a user in the compiled specification: the
 * people of the roles that own the entity through it (or everyone when none does),
 * never a disabled account, and only to those who may set it. The example leg runs it.
 */
const cases = entityList.flatMap((meta) => userRelations(meta).map((field) => ({ meta, field })));

describe.skipIf(cases.length > 0)('people', () => {
  it.skip('runs in the example leg: the product’s own spec/ has no relation to a user', () => undefined);
});

describe.runIf(cases.length > 0)('people a relation to a user may point at', () => {
  it.each(cases)('$meta.name.$field', async ({ meta, field }) => {
    const admin = await callerAs('admin');
    const owners = rolesOwningThrough(meta, field);
    const [ownerRole] = owners;
    const [otherRole] = roleNames.filter((role) => role !== 'admin' && !owners.includes(role));
    const owner = ownerRole ? await callerAs(ownerRole as Role, admin.services) : null;
    const other = otherRole ? await callerAs(otherRole, admin.services) : null;
    const people = procedureOf(admin.caller, meta, 'people');
    const ids = async () => ((await people({ field })) as { id: string }[]).map(({ id }) => id);

    if (owner) expect(await ids()).toContain(owner.viewer.userId);
    if (other)
      expect(await ids()).toEqual(
        owners.length
          ? expect.not.arrayContaining([other.viewer.userId])
          : expect.arrayContaining([other.viewer.userId]),
      );
    const listed = owner ?? other;
    if (listed) {
      await admin.services.db.user.update({ where: { id: listed.viewer.userId }, data: { disabled: true } });
      expect(await ids()).not.toContain(listed.viewer.userId);
    }
    const member = await callerAs('member', admin.services);
    expect(await codeOf(procedureOf(member.caller, meta, 'people')({ field }))).toBe('FORBIDDEN');
  });
});
