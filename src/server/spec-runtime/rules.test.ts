import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../shared/error-codes.ts';
import type { AppErrorCode } from '../../shared/errors.ts';
import { instantsAt } from '../../shared/schemas/fields.schema.ts';
import type { EntityMeta, EventMeta } from '../../shared/spec/entity-meta.ts';
import type { RuleMeta } from '../../shared/spec/rule-meta.ts';
import { specRules } from '../../shared/generated/rules.ts';
import { codeOf, procedureOf } from '../test/spec-calls.ts';
import { callerAs } from '../test/test-app.ts';
import { sampleDay } from '../test/sample-value.ts';
import { createSample, entityNamed, recordContext, requiredValues, setStored } from '../test/spec-samples.ts';
import type { Row } from './model-delegate.ts';
import { periodAround } from './rules.ts';

/**
 * Each rule of the compiled specification, broken on purpose: the write (or, for a
 * guard, the event) is refused with the rule's catalogue error and status, its message
 * beside the field; the same write within the rule passes. On both engines; the
 * product's own spec/ has no rule, so these run in the example leg.
 */
type Admin = Awaited<ReturnType<typeof callerAs>>;

const rules: readonly RuleMeta[] = specRules;

/** The first event that names `rule` as a guard. */
function guardingEvent(meta: EntityMeta, rule: RuleMeta): [string, EventMeta] | undefined {
  return Object.entries(meta.states?.events ?? {}).find(([, event]) => event.guards.includes(rule.name));
}

/** An instant on sample day `n` at `time` ('HH:mm') in `zone`. */
function at(n: number, time: string, zone: string): Date {
  const [year, month, day] = sampleDay(n).split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const [instant] = instantsAt({ year, month, day, hour, minute }, zone);
  if (!instant) throw new Error(`${time} does not exist on sample day ${n} in ${zone}`);
  return instant;
}

let n = 1000;

/** The entity's other comparisons, emptied where a field may be empty (empty values pass), so only `rule` decides. */
function othersEmptied(meta: EntityMeta, rule: RuleMeta): Row {
  const emptied: Row = {};
  for (const other of rules)
    if (other !== rule && other.entity === rule.entity && other.kind === 'compare') {
      const field = [other.field, other.than].find((name) => meta.fields[name]?.optional);
      if (field) emptied[field] = null;
    }
  return emptied;
}

/**
 * A fresh sample of the rule's entity with `stored` written into it, then the write the
 * rule watches: the guarding event, or an update.
 */
async function attempt(admin: Admin, rule: RuleMeta, stored: (record: Row) => Row): Promise<string> {
  const meta = entityNamed(rule.entity);
  const ctx = recordContext(admin.services, admin.viewer);
  const record = await createSample(ctx, meta);
  const guard = guardingEvent(meta, rule);
  const required = guard ? await requiredValues(ctx, meta, record, guard[1].requires) : {};
  await setStored(admin.services.db, meta, record.id, {
    ...required,
    ...(guard ? { state: guard[1].from[0] } : {}),
    ...othersEmptied(meta, rule),
    ...stored({ ...record, ...required }),
  });
  if (!guard) return codeOf(procedureOf(admin.caller, meta, 'update')({ id: record.id, version: 1 }));
  const note = guard[1].note === 'none' ? {} : { note: 'A note' };
  return codeOf(procedureOf(admin.caller, meta, guard[0])({ id: record.id, version: 1, ...note }));
}

const byKind = <K extends RuleMeta['kind']>(kind: K) =>
  rules.filter((rule): rule is Extract<RuleMeta, { kind: K }> => rule.kind === kind);

describe.skipIf(rules.length > 0)('rules', () => {
  it.skip('run in the example leg: the product’s own spec/ declares no rule', () => undefined);
  it.runIf(process.env.SPEC_EXAMPLE_COPY)('an example declares rules', () => {
    expect(rules).not.toEqual([]);
  });
});

describe.runIf(rules.length > 0)('rules', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await callerAs('admin');
  });

  it.each(rules)('$name raises a catalogue error with the status spec/errors.ts gives it', ({ error }) => {
    expect(errorCodes[error as AppErrorCode]).toBeDefined();
  });

  it.each(byKind('compare'))('$name: $field $op $than, else $error', async (rule) => {
    n += 1;
    const base = at(n, '10:00', 'UTC');
    const earlier = new Date(base.getTime() - 60 * 60_000);
    const later = new Date(base.getTime() + 60 * 60_000);
    const holds: Record<typeof rule.op, Date> = { '<': earlier, '<=': base, '>': later, '>=': base, '!=': later };
    const breaks: Record<typeof rule.op, Date> = { '<': base, '<=': later, '>': base, '>=': earlier, '!=': base };
    expect(await attempt(admin, rule, () => ({ [rule.than]: base, [rule.field]: holds[rule.op] }))).toBe('ok');
    expect(await attempt(admin, rule, () => ({ [rule.than]: base, [rule.field]: breaks[rule.op] }))).toBe(rule.error);
  });

  it.each(byKind('timeWindow'))('$name: $field between $from and $to in $zone, else $error', async (rule) => {
    n += 1;
    expect(await attempt(admin, rule, () => ({ [rule.field]: at(n, rule.from, rule.zone) }))).toBe('ok');
    const minuteBefore = new Date(at(n + 1, rule.from, rule.zone).getTime() - 60_000);
    expect(await attempt(admin, rule, () => ({ [rule.field]: minuteBefore }))).toBe(rule.error);
    expect(await attempt(admin, rule, () => ({ [rule.field]: at(n + 2, rule.to, rule.zone) }))).toBe(rule.error);
  });

  it.each(byKind('noOverlap'))('$name: no two $per bookings overlap, else $error', async (rule) => {
    n += 1;
    const meta = entityNamed(rule.entity);
    const ctx = recordContext(admin.services, admin.viewer);
    const start = at(n, '10:00', 'UTC');
    const holder = await createSample(ctx, meta);
    const per = (await requiredValues(ctx, meta, { ...holder, [rule.perColumn]: null }, [rule.per]))[rule.perColumn];
    const holding = rule.states?.[0] ?? guardingEvent(meta, rule)?.[1].to;
    await setStored(admin.services.db, meta, holder.id, {
      [rule.perColumn]: per,
      [rule.start]: start,
      [rule.minutes]: 60,
      ...(holding ? { state: holding } : {}),
    });
    const clash = (offsetMinutes: number) => () => ({
      [rule.perColumn]: per,
      [rule.start]: new Date(start.getTime() + offsetMinutes * 60_000),
      [rule.minutes]: 60,
    });
    expect(await attempt(admin, rule, clash(30))).toBe(rule.error);
    expect(await attempt(admin, rule, clash(-30))).toBe(rule.error);
    expect(await attempt(admin, rule, clash(60))).toBe('ok');
  });

  it.each(byKind('countPerPeriod'))('$name: at most $max per $per a $period, else $error', async (rule) => {
    n += 1;
    const meta = entityNamed(rule.entity);
    const ctx = recordContext(admin.services, admin.viewer);
    const first = await createSample(ctx, meta);
    const per = first[rule.perColumn] ?? (await requiredValues(ctx, meta, first, [rule.per]))[rule.perColumn];
    const [periodStart] = periodAround(at(n, '10:00', rule.zone), rule.period, rule.zone);
    // Within the period and the opening hours of any window rule: the start of the period plus 10 hours and a step.
    const inPeriod = (step: number) => new Date(periodStart.getTime() + (10 * 60 + step * 30) * 60_000);
    for (let i = 0; i < rule.max; i += 1) {
      const record = i === 0 ? first : await createSample(ctx, meta);
      await setStored(admin.services.db, meta, record.id, { [rule.perColumn]: per, [rule.field]: inPeriod(i) });
    }
    expect(await attempt(admin, rule, () => ({ [rule.perColumn]: per, [rule.field]: inPeriod(rule.max) }))).toBe(
      rule.error,
    );
  });
});
