import { describe, expect, it } from 'vitest';
import { specOperations } from '../../shared/generated/operations.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { columnOf } from '../../shared/spec/entity-schemas.ts';
import { listOptionsOf } from '../../shared/spec/list-input.ts';
import { codeOf, procedureOf, type Caller } from '../test/spec-calls.ts';
import { callerAs } from '../test/test-app.ts';
import { createSample, entityList, recordContext, sampleValues } from '../test/spec-samples.ts';
import type { Row } from './model-delegate.ts';

/**
 * The standard operations on every entity of the compiled specification, through the
 * router as a client calls them, on both engines. The product's own spec/ names no
 * entity: these run where one is compiled (`npm run test:example`).
 */
const operationsOf = (meta: EntityMeta) =>
  (specOperations as Readonly<Record<string, { standard: readonly string[] }>>)[meta.name];

/** `caller.workOrder.list(input)`, for an entity named at run time. */
function call(caller: Caller, meta: EntityMeta, operation: string, input: unknown): Promise<Row> {
  return procedureOf(caller, meta, operation)(input) as Promise<Row>;
}

const withAll = (meta: EntityMeta) =>
  ['list', 'get', 'create', 'update', 'archive'].every((name) => operationsOf(meta)?.standard.includes(name));

const full = entityList.filter(withAll);

describe.skipIf(full.length > 0)('standard operations', () => {
  it.skip('run in the example leg: the product’s own spec/ names no entity with operations', () => undefined);
  // In an example's copy, skipping would drop the coverage the leg exists for.
  it.runIf(process.env.SPEC_EXAMPLE_COPY)('an example names entities with every standard operation', () => {
    expect(full.map((meta) => meta.name)).not.toEqual([]);
  });
});

describe.runIf(full.length > 0).each(full)('$name: the standard operations', (meta) => {
  it('create, get, list, update at a version, refuse a stale one, archive', async () => {
    const admin = await callerAs('admin');
    const ctx = recordContext(admin.services, admin.viewer);
    const values = await sampleValues(ctx, meta);

    const created = await call(admin.caller, meta, 'create', values);
    expect(created).toMatchObject({ version: 1, archivedAt: null });
    if (meta.number) expect(created.number).toMatch(new RegExp(`^${meta.number.prefix}\\d{${meta.number.digits}}$`));
    if (meta.states) expect(created.state).toBe(meta.states.initial);
    expect(await call(admin.caller, meta, 'get', { id: created.id })).toEqual(created);

    const page = (await call(admin.caller, meta, 'list', {})) as unknown as { items: Row[] };
    expect(page.items.map((item) => item.id)).toContain(created.id);

    const [searchable] = meta.searchable;
    if (searchable) {
      const text = String(created[searchable]).toUpperCase();
      const found = (await call(admin.caller, meta, 'list', { search: text })) as unknown as { items: Row[] };
      expect(found.items.map((item) => item.id)).toEqual([created.id]);
    }

    const changed = await call(admin.caller, meta, 'update', { id: created.id, version: 1 });
    expect(changed.version).toBe(2);
    expect(await codeOf(call(admin.caller, meta, 'update', { id: created.id, version: 1 }))).toBe('STALE_VERSION');
    expect(await codeOf(call(admin.caller, meta, 'archive', { id: created.id, version: 1 }))).toBe('STALE_VERSION');

    const archived = await call(admin.caller, meta, 'archive', { id: created.id, version: 2 });
    expect(archived.version).toBe(3);
    expect(archived.archivedAt).toBeInstanceOf(Date);
    const live = (await call(admin.caller, meta, 'list', {})) as unknown as { items: Row[] };
    expect(live.items.map((item) => item.id)).not.toContain(created.id);
    const gone = (await call(admin.caller, meta, 'list', { archived: true })) as unknown as { items: Row[] };
    expect(gone.items.map((item) => item.id)).toContain(created.id);
    expect(await codeOf(call(admin.caller, meta, 'update', { id: created.id, version: 3 }))).toBe('CONFLICT');
    expect(await codeOf(call(admin.caller, meta, 'get', { id: 'no-such-id' }))).toBe('NOT_FOUND');

    // Each write is in the audit trail with the entity and the record's id, refusals as failed.
    const audited = await admin.services.db.auditEvent.findMany({
      where: { targetType: meta.name, targetId: String(created.id) },
      orderBy: { at: 'asc' },
    });
    expect(audited.map((row) => [row.procedure.split('.').at(-1), row.outcome])).toEqual([
      ['create', 'ok'],
      ['update', 'ok'],
      ['update', 'STALE_VERSION'],
      ['archive', 'STALE_VERSION'],
      ['archive', 'ok'],
      ['update', 'CONFLICT'],
    ]);
    expect(audited.every((row) => row.actorId === admin.viewer.userId)).toBe(true);
  });

  it('pages through every record once, in the default order, with a cursor', async () => {
    const admin = await callerAs('admin');
    const ctx = recordContext(admin.services, admin.viewer);
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await createSample(ctx, meta));
    const seen: Row[] = [];
    let cursor: unknown = null;
    do {
      const page = (await call(admin.caller, meta, 'list', { limit: 2, cursor })) as unknown as {
        items: Row[];
        nextCursor: string | null;
      };
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const ids = seen.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(made.map((item) => item.id)));
    const sort = listOptionsOf(operationsOf(meta) as never).sort[0] ?? 'createdAt';
    const column = columnOf(meta, sort);
    // Dates and numbers only: the engines collate text differently (binary, or the locale's).
    const values = seen
      .map((item) => item[column])
      .map((value) => (value instanceof Date ? value.getTime() : value))
      .filter((value): value is number => typeof value === 'number');
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('answers FORBIDDEN to a role that holds none of its permissions', async () => {
    const member = await callerAs('member');
    expect(await codeOf(call(member.caller, meta, 'list', {}))).toBe('FORBIDDEN');
    expect(await codeOf(call(member.caller, meta, 'get', { id: 'any' }))).toBe('FORBIDDEN');
  });
});

/** Each (entity, role) whose role reads only its own records of that entity. */
const owned = full.flatMap((meta) => Object.entries(meta.ownership).map(([role, path]) => ({ meta, role, path })));

describe.runIf(owned.length > 0).each(owned)('$meta.name as $role: "own" narrows every read and write', (row) => {
  it('lists and gets its own records, never another’s (NOT_FOUND)', async () => {
    const { meta, role, path } = row;
    const admin = await callerAs('admin');
    const person = await callerAs(role as never, admin.services);
    const ctx = recordContext(admin.services, admin.viewer);
    const mine = await createSample(ctx, meta, { path, userId: person.viewer.userId });
    const theirs = await createSample(ctx, meta);

    const page = (await call(person.caller, meta, 'list', {})) as unknown as { items: Row[] };
    const ids = page.items.map((item) => item.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(await call(person.caller, meta, 'get', { id: mine.id })).toMatchObject({ id: mine.id });
    expect(await codeOf(call(person.caller, meta, 'get', { id: theirs.id }))).toBe('NOT_FOUND');
    expect(await codeOf(call(person.caller, meta, 'update', { id: theirs.id, version: 1 }))).toMatch(
      /^(NOT_FOUND|FORBIDDEN)$/,
    );
  });
});
