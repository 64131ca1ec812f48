import type { EntityNameOf, FieldNameOf } from './entities.ts';
import type { NotSpecified } from './not-specified.ts';
import type { SpecPoint, ValueOf } from './points.ts';

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

interface RuleBase<Entity extends string, Code extends string> {
  readonly entity: Entity;
  /** The catalogue error (spec/errors.ts) the rule raises. */
  readonly error: Code;
  /** What the rule says, in a line. */
  readonly description?: string;
}

/** `field` compared with `than` (another field of the same record); empty values pass. */
export interface CompareRule<
  Entity extends string = string,
  Field extends string = string,
  Code extends string = string,
> extends RuleBase<Entity, Code> {
  readonly kind: 'compare';
  readonly field: Field;
  readonly op: '<' | '<=' | '>' | '>=' | '!=';
  readonly than: Field;
}

/** A date-time field must fall between two times of day (constants or 'HH:mm') in a zone, on some weekdays. */
export interface TimeWindowRule<
  Entity extends string = string,
  Field extends string = string,
  Code extends string = string,
  Constant extends string = string,
> extends RuleBase<Entity, Code> {
  readonly kind: 'timeWindow';
  readonly field: Field;
  /** A `timeZone(…)` constant. */
  readonly zone: Constant;
  /** 'HH:mm', or a constant holding it. */
  readonly from: Constant | `${number}:${number}`;
  readonly to: Constant | `${number}:${number}`;
  /** Default: every day. */
  readonly days?: readonly Weekday[];
}

/** No two live records with the same `per` may overlap in [start, start + duration). */
export interface NoOverlapRule<
  Entity extends string = string,
  Field extends string = string,
  Code extends string = string,
> extends RuleBase<Entity, Code> {
  readonly kind: 'noOverlap';
  readonly start: Field;
  /** An int field holding the length in minutes. */
  readonly minutes: Field;
  /** The relation that must not be double-booked (a technician, a room). */
  readonly per: Field;
  /** States in which a record holds its slot; default every state. */
  readonly states?: readonly string[];
}

/** At most `max` live records with the same `per` whose `field` falls in one period (in `zone`). */
export interface CountPerPeriodRule<
  Entity extends string = string,
  Field extends string = string,
  Code extends string = string,
  Constant extends string = string,
> extends RuleBase<Entity, Code> {
  readonly kind: 'countPerPeriod';
  readonly field: Field;
  readonly per: Field;
  readonly period: 'day' | 'week' | 'month';
  /** A number, or a constant holding it. */
  readonly max: number | Constant;
  readonly zone: Constant;
}

export type RuleSpec<
  Entity extends string = string,
  Field extends string = string,
  Code extends string = string,
  Constant extends string = string,
> =
  | CompareRule<Entity, Field, Code>
  | TimeWindowRule<Entity, Field, Code, Constant>
  | NoOverlapRule<Entity, Field, Code>
  | CountPerPeriodRule<Entity, Field, Code, Constant>;

export type RulesSpec = Readonly<Record<string, RuleSpec>>;

interface RulesContext {
  readonly entities: unknown;
  readonly errors: unknown;
  readonly constants: unknown;
}

type Names<P> = Extract<keyof ValueOf<P>, string>;

/** Each rule's fields must belong to its entity, its error to the catalogue, its constants to spec/constants.ts. */
type CheckedRules<R, C extends RulesContext> = {
  readonly [Name in keyof R]: R[Name] extends { entity: infer Entity extends EntityNameOf<C['entities']> }
    ? RuleSpec<Entity, FieldNameOf<C['entities'], Entity>, Names<C['errors']>, Names<C['constants']>>
    : RuleSpec<EntityNameOf<C['entities']>, string, Names<C['errors']>, Names<C['constants']>>;
};

/**
 * [5] Declares the rules beyond a single field (spec/rules.ts), each naming the catalogue
 * error it raises. Takes the points it refers to, so names are checked as you type.
 * @example
 * export default defineRules({ entities, errors, constants }, {
 *   withinOpeningHours: { kind: 'timeWindow', entity: 'WorkOrder', field: 'scheduledAt', zone: 'shopTimeZone',
 *     from: 'opensAt', to: 'closesAt', error: 'OUTSIDE_OPENING_HOURS' },
 * });
 */
export function defineRules(value: NotSpecified): SpecPoint<'rules', never>;
export function defineRules<const C extends RulesContext, const R extends CheckedRules<R, C>>(
  context: C,
  value: R,
): SpecPoint<'rules', R>;
export function defineRules(...args: [NotSpecified] | [RulesContext, RulesSpec]): SpecPoint<'rules', RulesSpec> {
  return { point: 'rules', value: args.length === 1 ? args[0] : args[1] };
}

/** The rule names of a `defineRules` result. */
export type RuleNameOf<P> = Extract<keyof ValueOf<P>, string>;
