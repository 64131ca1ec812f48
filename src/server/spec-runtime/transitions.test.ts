import { beforeAll, describe, expect, it } from 'vitest';
import { specOperations } from '../../shared/generated/operations.ts';
import type { EntityMeta, EventMeta } from '../../shared/spec/entity-meta.ts';
import { codeOf, procedureOf } from '../test/spec-calls.ts';
import { callerAs } from '../test/test-app.ts';
import { columnOf } from '../../shared/spec/entity-schemas.ts';
import { toAppError } from '../errors/to-app-error.ts';
import {
  createSample,
  entityList,
  entityNamed,
  recordContext,
  requiredValues,
  setStored,
} from '../test/spec-samples.ts';
import { specEmails } from '../generated/emails.ts';
import type { EmailMeta } from './email-meta.ts';
import { modelOf, type Row } from './model-delegate.ts';
import { selectPaths } from './spec-emails.ts';

/**
 * Every (state, event) pair of every machine of the compiled specification: the event
 * fires from the states its `from` names and is refused with INVALID_TRANSITION from
 * every other; a fired event writes one history row with its actor and note. On both
 * engines. The product's own spec/ has no machine: these run in the example leg.
 */
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
    const fire = procedureOf(admin.caller, meta, event);
    if (!spec.from.includes(state)) {
      expect(await codeOf(fire(input))).toBe('INVALID_TRANSITION');
      return;
    }
    const fired = (await fire(input)) as Row;
    expect(fired).toMatchObject({ id: record.id, state: spec.to, version: 2 });
    const history = (await procedureOf(admin.caller, meta, 'history')({ id: record.id })) as Row[];
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
      expect(await codeOf(procedureOf(admin.caller, meta, event)({ ...input, version: 7 }))).toBe('STALE_VERSION');
    },
  );

  const withNote = pairs.filter(({ spec, state }) => spec.note === 'required' && spec.from[0] === state);
  it.each(withNote)('$meta.name: $event without its required note is refused', async ({ meta, event, spec, state }) => {
    const { input } = await recordIn(admin, meta, state, spec);
    expect(await codeOf(procedureOf(admin.caller, meta, event)({ ...input, note: ' ' }))).toBe('VALIDATION_FAILED');
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
      const column = columnOf(meta, field);
      await setStored(admin.services.db, meta, record.id, { [column]: null });
      const error = await procedureOf(
        admin.caller,
        meta,
        event,
      )(input).then(
        () => null,
        (caught: unknown) => toAppError(caught),
      );
      expect(error?.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error?.fieldErrors ?? {})).toContain(column);
    },
  );
});

const emails: readonly EmailMeta[] = specEmails;

describe.runIf(emails.length > 0)('e-mails on state events', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await callerAs('admin');
  });

  it.each(emails)('$name: queued once, to its recipient, when $entity.$event fires', async (email) => {
    const meta = entityNamed(email.entity);
    const spec = meta.states?.events[email.event];
    const state = spec?.from[0];
    if (!spec || !state) throw new Error(`${email.entity}.${email.event} is not an event`);
    const { record, input } = await recordIn(admin, meta, state, spec);
    const fired = (await procedureOf(admin.caller, meta, email.event)(input)) as Row;

    const row = await modelOf(admin.services.db, meta).findFirst({
      where: { id: record.id },
      select: selectPaths([email.to]),
    });
    const recipient = email.to.reduce<unknown>((value, segment) => (value as Row | null)?.[segment], row);
    const queued = await admin.services.db.emailOutbox.findMany({ where: { template: email.template } });
    const mine = queued.filter(({ idempotencyKey }) => idempotencyKey.includes(String(record.id)));
    expect(mine.map(({ recipient: to, idempotencyKey }) => ({ to, idempotencyKey }))).toEqual([
      { to: recipient, idempotencyKey: `${email.template}:${String(record.id)}:${String(fired.version)}` },
    ]);
    expect(mine[0]?.subject).not.toMatch(/[{}]/);
    if (typeof fired.number === 'string' && email.data.some(({ key }) => key === 'number'))
      expect(mine[0]?.text).toContain(fired.number);
  });
});
