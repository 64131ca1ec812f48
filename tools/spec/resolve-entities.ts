import { limits } from '../../src/shared/constants.ts';
import type { EntitiesSpec } from '../../src/shared/spec/entities.ts';
import { int32Max, phoneMaxLength, type EntityMeta, type FieldMeta } from '../../src/shared/spec/entity-meta.ts';
import type { FieldSpec } from '../../src/shared/spec/fields.ts';
import { specified, type Spec } from './spec-model.ts';
import { currencyDecimals, pairedField } from './validate.ts';

/** 'WorkOrder' → 'Work order'; 'scheduledAt' → 'Scheduled at'. */
export function words(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** 'WorkOrder' → 'work-order'. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

export function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** An English plural good enough for labels ('Work orders', 'Part lines', 'Categories'). */
export function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

function constantString(spec: Spec, name: string): string {
  const value = specified(spec.constants)[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return value.zone;
  throw new Error(`constant ${name} is not a string (the validator lets no such spec through)`);
}

export function resolveField(spec: Spec, entity: string, name: string, field: FieldSpec): FieldMeta {
  const entities = specified(spec.entities) as EntitiesSpec;
  const label = field.label ?? words(name);
  if (field.kind === 'relation') {
    const common = {
      label,
      optional: field.cardinality === 'one' && field.optional === true,
      unique: false,
      searchable: false,
    };
    if (field.cardinality === 'one')
      return { ...common, kind: 'relation', cardinality: 'one', to: field.to, column: `${name}Id` };
    return {
      ...common,
      kind: 'relation',
      cardinality: 'many',
      to: field.to,
      via: pairedField(entities, entity, field) ?? '',
    };
  }
  const common = {
    label,
    optional: field.optional === true,
    unique: field.unique === true,
    searchable: field.searchable === true,
  };
  switch (field.kind) {
    case 'string':
      return {
        ...common,
        kind: 'string',
        min: field.min ?? (common.optional ? 0 : 1),
        max: field.max ?? limits.text.short,
        ...(field.default !== undefined && { default: field.default }),
      };
    case 'text':
      return { ...common, kind: 'text', max: field.max ?? limits.text.long };
    case 'email':
      return { ...common, kind: 'email', max: limits.emailLength };
    case 'phone':
      return { ...common, kind: 'phone', max: phoneMaxLength };
    case 'int':
      return {
        ...common,
        kind: 'int',
        min: field.min ?? -int32Max,
        max: field.max ?? int32Max,
        ...(field.default !== undefined && { default: field.default }),
      };
    case 'money': {
      const currency = constantString(spec, field.currency);
      return {
        ...common,
        kind: 'money',
        currency,
        decimals: currencyDecimals(currency) ?? 2,
        allowNegative: field.allowNegative === true,
        maxMinor: field.maxMinor ?? int32Max,
        ...(field.default !== undefined && { default: field.default }),
      };
    }
    case 'decimal':
      return { ...common, kind: 'decimal', precision: field.precision, scale: field.scale };
    case 'boolean':
      return { ...common, kind: 'boolean', ...(field.default !== undefined && { default: field.default }) };
    case 'enum':
      return {
        ...common,
        kind: 'enum',
        values: [...field.values],
        ...(field.default !== undefined && { default: field.default }),
      };
    case 'date':
      return { ...common, kind: 'date' };
    case 'dateTime':
      return { ...common, kind: 'dateTime', zone: constantString(spec, field.zone) };
  }
}

/** Every entity of a valid spec, resolved into the metadata the runtime reads. */
export function resolveEntities(spec: Spec): EntityMeta[] {
  const entities = specified(spec.entities) as EntitiesSpec;
  const roles = specified(spec.roles);
  const states = specified(spec.states);
  return Object.entries(entities).map(([name, entity]) => {
    const fields = Object.fromEntries(
      Object.entries(entity.fields).map(([fieldName, field]) => [
        fieldName,
        resolveField(spec, name, fieldName, field),
      ]),
    );
    const title =
      entity.title ?? Object.entries(entity.fields).find(([, field]) => field.kind === 'string')?.[0] ?? null;
    const ownership = Object.fromEntries(
      Object.entries(roles).flatMap(([role, spec]) => {
        const path = spec.own?.[name];
        return path ? [[role, path.split('.')]] : [];
      }),
    );
    const hidden = Object.fromEntries(
      Object.entries(roles).flatMap(([role, spec]) => {
        const grant = spec.can === 'everything' ? undefined : spec.can[name];
        const hide = typeof grant === 'object' ? (grant.hide ?? []) : [];
        return hide.length ? [[role, [...hide]]] : [];
      }),
    );
    const machine = states[name];
    const label = entity.label ?? words(name);
    return {
      name,
      model: lowerFirst(name),
      label,
      plural: entity.plural ?? plural(label),
      title,
      number: entity.number ? { prefix: entity.number.prefix, digits: entity.number.digits } : null,
      fields,
      searchable: Object.entries(fields)
        .filter(([, field]) => field.searchable)
        .map(([fieldName]) => fieldName),
      ownership,
      hidden,
      states: machine
        ? {
            states: [...machine.states],
            initial: machine.initial,
            events: Object.fromEntries(
              Object.entries(machine.events).map(([event, spec]) => [
                event,
                {
                  label: spec.label ?? words(event),
                  from: typeof spec.from === 'string' ? [spec.from] : [...spec.from],
                  to: spec.to,
                  who: [...spec.who],
                  guards: [...(spec.guards ?? [])],
                  requires: [...(spec.requires ?? [])],
                  note: spec.note ?? 'none',
                },
              ]),
            ),
          }
        : null,
    };
  });
}
