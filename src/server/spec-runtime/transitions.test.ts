import { beforeAll, describe, expect, it } from 'vitest';
import { specOperations } from '../../shared/generated/operations.ts';
import type { EntityMeta, EventMeta } from '../../shared/spec/entity-meta.ts';
import { toAppError } from '../errors/to-app-error.ts';
import { callerAs } from '../test/test-app.ts';
import { createSample, entityList, recordContext, requiredValues, setStored } from '../test/spec-samples.ts';
import type { Row } from './model-delegate.ts';

/**
 * Every (state, event) pair of every machine of the compiled specification: the event
 * fires from the states its `from` names and is refused with INVALID_TRANSITION from
 * every other; a fired event writes one history row with its actor and note. On both
 * engines. The product's own spec/ has no machine: these run in the example leg.
 */
type Procedure = (input: unknown) => Promise<unknown>;
type Admin = Awaited<ReturnType<typeof callerAs>>;

const withEvents = entityList.filter(
  (meta) =>
    meta.states &&
    (specOperations as Readonly<Record<string, { standard: readonly string[] }>>)[meta.name]?.standard.includes(
      'events',
    ),
);

const pairs = withEvents.flatMap((meta) =>
  Object.entries(meta.states?.events ?? {}).flatMap(([event, spec]) =>
    (meta.states?.states ?? []).map((state) => ({ meta, event, spec, state })),
  ),
);

function procedure(admin: Admin, meta: EntityMeta, name: string): Procedure {
  const found = (admin.caller as unknown as Record<string, Record<string, Procedure>>)[meta.model]?.[name];
  if (!found) throw new Error(`${meta.model}.${name} is not in the router`);
  return found;
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    // The catalogue code a client would see (an input the schema refuses is VALIDATION_FAILED).
    (error: unknown) => toAppError(error).code,
  );

/** A sample record put into `state`, with the values `spec` requires, and the input firing it. */
async function recordIn(admin: Admin, meta: EntityMeta, state: string, spec: EventMeta) {
  const ctx = recordContext(admin.services, admin.viewer);
  const record = await createSample(ctx, meta);
  await setStored(admin.services.db, meta, record.id, {
    state,
    ...(await requiredValues(ctx, meta, record, spec.requires)),
  });
  const note = spec.note === 'none' ? {} : { note: `Note on ${String(record.id)}` };
  return { record, input: { id: record.id, version: 1, ...note } };
}

describe.skipIf(pairs.length > 0)('state events', () => {
  it.skip('run in the example leg: the product’s own spec/ declares no machine', () => undefined);
  it.runIf(process.env.SPEC_EXAMPLE_COPY)('an example declares a machine with events', () => {
    expect(pairs).not.toEqual([]);
  });
});

describe.runIf(pairs.length > 0)('state events', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await callerAs('admin');
  });

  it.each(pairs)('$meta.name: $event from $state', async ({ meta, event, spec, state }) => {
    const { record, input } = await recordIn(admin, meta, state, spec);
    const fire = procedure(admin, meta, event);
    if (!spec.from.includes(state)) {
      expect(await codeOf(fire(input))).toBe('INVALID_TRANSITION');
      return;
    }
    const fired = (await fire(input)) as Row;
    expect(fired).toMatchObject({ id: record.id, state: spec.to, version: 2 });
    const history = (await procedure(admin, meta, 'history')({ id: record.id })) as Row[];
    expect(history).toEqual([
      expect.objectContaining({
        event,
        fromState: state,
        toState: spec.to,
        actorId: admin.viewer.userId,
        actorName: admin.viewer.name,
        note: 'note' in input ? input.note : null,
      }),
    ]);
  });

  const firstPairs = withEvents.flatMap((meta) => {
    const [event, spec] = Object.entries(meta.states?.events ?? {})[0] ?? [];
    const state = spec?.from[0];
    return event && spec && state ? [{ meta, event, spec, state }] : [];
  });

  it.each(firstPairs)(
    '$meta.name: $event at a stale version is STALE_VERSION',
    async ({ meta, event, spec, state }) => {
      const { input } = await recordIn(admin, meta, state, spec);
      expect(await codeOf(procedure(admin, meta, event)({ ...input, version: 7 }))).toBe('STALE_VERSION');
    },
  );

  const withNote = pairs.filter(({ spec, state }) => spec.note === 'required' && spec.from[0] === state);
  it.each(withNote)('$meta.name: $event without its required note is refused', async ({ meta, event, spec, state }) => {
    const { input } = await recordIn(admin, meta, state, spec);
    expect(await codeOf(procedure(admin, meta, event)({ ...input, note: ' ' }))).toBe('VALIDATION_FAILED');
  });

  const requiring = pairs.filter(({ meta, spec, state }) => {
    const field = spec.requires.find((name) => meta.fields[name]?.optional);
    return field !== undefined && spec.from[0] === state;
  });
  it.each(requiring)(
    '$meta.name: $event on a record without a required value names the field',
    async ({ meta, event, spec, state }) => {
      const { record, input } = await recordIn(admin, meta, state, spec);
      const field = spec.requires.find((name) => meta.fields[name]?.optional) ?? '';
      const found = meta.fields[field];
      const column = found?.kind === 'relation' && found.cardinality === 'one' ? found.column : field;
      await setStored(admin.services.db, meta, record.id, { [column]: null });
      const error = await procedure(
        admin,
        meta,
        event,
      )(input).then(
        () => null,
        (caught: unknown) => caught as { cause?: { code?: string; fieldErrors?: Record<string, string[]> } },
      );
      expect(error?.cause?.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error?.cause?.fieldErrors ?? {})).toContain(column);
    },
  );
});
