import type { EntityMeta } from '../../src/shared/spec/entity-meta.ts';
import { columnOf } from '../../src/shared/spec/entity-schemas.ts';
import type { RuleMeta } from '../../src/shared/spec/rule-meta.ts';
import type { Weekday } from '../../src/shared/spec/rules.ts';
import { specified, type Spec } from './spec-model.ts';

const everyDay: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** [5] Every rule with its constants and columns resolved (the validator has checked they exist). */
export function resolveRules(spec: Spec, entities: readonly EntityMeta[]): RuleMeta[] {
  const constants = specified(spec.constants) as Readonly<Record<string, unknown>>;
  const constant = (name: string) => constants[name];
  const zoneOf = (name: string) => (constant(name) as { zone: string }).zone;
  const timeOf = (value: string) => (/^\d{1,2}:\d{2}$/.test(value) ? value : String(constant(value)));
  const guards = new Set(
    Object.values(specified(spec.states)).flatMap((machine) =>
      Object.values(machine.events).flatMap((event) => event.guards ?? []),
    ),
  );
  const metaOf = (name: string) => entities.find((meta) => meta.name === name);
  const column = (entity: string, field: string) => {
    const meta = metaOf(entity);
    return meta ? columnOf(meta, field) : field;
  };
  return Object.entries(specified(spec.rules)).map(([name, rule]): RuleMeta => {
    const common = {
      name,
      entity: rule.entity,
      error: rule.error,
      description: rule.description ?? null,
      guard: guards.has(name),
    };
    switch (rule.kind) {
      case 'compare':
        return { ...common, kind: 'compare', field: rule.field, op: rule.op, than: rule.than };
      case 'timeWindow':
        return {
          ...common,
          kind: 'timeWindow',
          field: rule.field,
          zone: zoneOf(rule.zone),
          from: timeOf(rule.from),
          to: timeOf(rule.to),
          days: rule.days ?? everyDay,
        };
      case 'noOverlap': {
        const minutes = metaOf(rule.entity)?.fields[rule.minutes];
        return {
          ...common,
          kind: 'noOverlap',
          start: rule.start,
          minutes: rule.minutes,
          per: rule.per,
          perColumn: column(rule.entity, rule.per),
          maxMinutes: minutes?.kind === 'int' ? minutes.max : 24 * 60,
          states: rule.states ? [...rule.states] : null,
        };
      }
      case 'countPerPeriod':
        return {
          ...common,
          kind: 'countPerPeriod',
          field: rule.field,
          per: rule.per,
          perColumn: column(rule.entity, rule.per),
          period: rule.period,
          max: typeof rule.max === 'number' ? rule.max : Number(constant(rule.max)),
          zone: zoneOf(rule.zone),
        };
    }
  });
}
