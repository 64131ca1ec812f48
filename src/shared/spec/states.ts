import type { EntityNameOf, FieldNameOf } from './entities.ts';
import type { NotSpecified } from './not-specified.ts';
import type { SpecPoint, ValueOf } from './points.ts';
import type { RoleNameOf } from './roles.ts';
import type { RuleNameOf } from './rules.ts';

/** One event: the row of the state table (from, event, to, who, guards, requires, note). */
export interface EventSpec<
  State extends string = string,
  Role extends string = string,
  Rule extends string = string,
  Field extends string = string,
> {
  readonly from: State | readonly State[];
  readonly to: State;
  /** The roles that may fire it (on the records their scope reaches). */
  readonly who: readonly Role[];
  /** Rules (spec/rules.ts) checked before it fires; each raises its own error. */
  readonly guards?: readonly Rule[];
  /** Fields that must hold a value for it to fire. */
  readonly requires?: readonly Field[];
  /** Whether the caller writes a note, kept on the history row. Default: no note. */
  readonly note?: 'required' | 'optional';
  /** The button's words; default: the event's name, in words. */
  readonly label?: string;
}

/** One entity's machine: its states, where a record starts, and its events. */
export interface MachineSpec<
  State extends string = string,
  Role extends string = string,
  Rule extends string = string,
  Field extends string = string,
> {
  readonly states: readonly State[];
  readonly initial: State;
  readonly events: Readonly<Record<string, EventSpec<State, Role, Rule, Field>>>;
}

export type StatesSpec = Readonly<Record<string, MachineSpec>>;

interface StatesContext {
  readonly entities: unknown;
  readonly roles: unknown;
  readonly rules: unknown;
}

type DeclaredStates<M> = M extends { states: readonly (infer State extends string)[] } ? State : string;

type CheckedStates<S, C extends StatesContext> = {
  readonly [Entity in keyof S]: Entity extends EntityNameOf<C['entities']>
    ? MachineSpec<
        DeclaredStates<S[Entity]>,
        RoleNameOf<C['roles']>,
        RuleNameOf<C['rules']>,
        FieldNameOf<C['entities'], Entity>
      >
    : never;
};

/**
 * [4] Declares a state machine per entity (spec/states.ts). The entity gets a `state`
 * column starting at `initial`; events move it. A `from` or `to` outside `states`, an
 * unknown role, rule or field, is a type error here and a refusal when the spec compiles.
 * @example
 * export default defineStates({ entities, roles, rules }, {
 *   WorkOrder: { states: ['draft', 'scheduled'], initial: 'draft',
 *     events: { schedule: { from: 'draft', to: 'scheduled', who: ['dispatcher'], requires: ['scheduledAt'] } } },
 * });
 */
export function defineStates(value: NotSpecified): SpecPoint<'states', never>;
export function defineStates<const C extends StatesContext, const S extends CheckedStates<S, C>>(
  context: C,
  value: S,
): SpecPoint<'states', S>;
export function defineStates(...args: [NotSpecified] | [StatesContext, StatesSpec]): SpecPoint<'states', StatesSpec> {
  return { point: 'states', value: args.length === 1 ? args[0] : args[1] };
}

/** `Entity.event` for every event of a `defineStates` result. */
export type EventNameOf<P> = {
  [Entity in keyof ValueOf<P>]: ValueOf<P>[Entity] extends { events: infer Events }
    ? `${Extract<Entity, string>}.${Extract<keyof Events, string>}`
    : never;
}[keyof ValueOf<P>];
