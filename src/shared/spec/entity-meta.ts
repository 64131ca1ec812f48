import type { NumberFormat } from './entities.ts';

/**
 * [3] What the compiler knows about one entity, resolved (defaults applied, constants
 * looked up), as the runtime building blocks read it: src/shared/generated/entities.ts
 * holds one per entity, `as const satisfies EntityMeta`. List/get/create/update/archive,
 * the transitions, the forms and the screens are parameterised by it, not generated.
 */
/** Fields and nothing else: an entity's, or a custom operation's input or output (spec/calls.ts). */
export interface FieldsMeta {
  readonly fields: Readonly<Record<string, FieldMeta>>;
}

export interface EntityMeta extends FieldsMeta {
  /** The spec's name, and the Prisma model's: 'WorkOrder'. */
  readonly name: string;
  /** The Prisma client's delegate: 'workOrder' (`db.workOrder`). */
  readonly model: string;
  readonly label: string;
  readonly plural: string;
  /** The field that names a record in lists and pickers, or null. */
  readonly title: string | null;
  /** Sequential numbers in the `number` column, or null. */
  readonly number: NumberFormat | null;
  /** In the spec's order; relations included (FieldsMeta). */
  /** The fields the list's search box looks in (case-insensitive). */
  readonly searchable: readonly string[];
  /** Per role whose scope is 'own': the relation path from a record to the caller's user. */
  readonly ownership: Readonly<Record<string, readonly string[]>>;
  /**
   * [6] Per role that may not see them (spec/roles.ts `hide`): the fields left out of every
   * record that role reads, refused in what it writes, and kept out of its search, filters
   * and sort. Roles not named here see every field.
   */
  readonly hidden: Readonly<Record<string, readonly string[]>>;
  /** The state machine's column (`state`) and its events, or null when the entity has none. */
  readonly states: {
    readonly states: readonly string[];
    readonly initial: string;
    readonly events: Readonly<Record<string, EventMeta>>;
  } | null;
}

/** [4] One event of a machine, resolved: what the transition, its button and its dialog need. */
export interface EventMeta {
  /** The button's words. */
  readonly label: string;
  readonly from: readonly string[];
  readonly to: string;
  /** The roles that may fire it, on the records their read scope reaches. */
  readonly who: readonly string[];
  /** Rules (spec/rules.ts) checked before it fires. */
  readonly guards: readonly string[];
  /** Fields that must hold a value once it fired: the event's input may set them. */
  readonly requires: readonly string[];
  readonly note: 'required' | 'optional' | 'none';
}

interface FieldCommon {
  readonly label: string;
  readonly optional: boolean;
  readonly unique: boolean;
  readonly searchable: boolean;
}

/** A field with every bound resolved: what a schema, a column, a form control and a filter need. */
export type FieldMeta = FieldCommon &
  (
    | { readonly kind: 'string'; readonly min: number; readonly max: number; readonly default?: string }
    | { readonly kind: 'text'; readonly max: number }
    | { readonly kind: 'email'; readonly max: number }
    | { readonly kind: 'phone'; readonly max: number }
    | { readonly kind: 'int'; readonly min: number; readonly max: number; readonly default?: number }
    | {
        readonly kind: 'money';
        /** ISO 4217, resolved from the constant the spec names. */
        readonly currency: string;
        /** The currency's minor-unit digits (Intl): 2 for EUR, 0 for JPY. */
        readonly decimals: number;
        readonly allowNegative: boolean;
        readonly maxMinor: number;
        readonly default?: number;
      }
    | { readonly kind: 'decimal'; readonly precision: number; readonly scale: number }
    | { readonly kind: 'boolean'; readonly default?: boolean }
    | { readonly kind: 'enum'; readonly values: readonly string[]; readonly default?: string }
    | { readonly kind: 'date' }
    | {
        readonly kind: 'dateTime';
        /** IANA zone, resolved from the constant the spec names. */
        readonly zone: string;
      }
    | {
        readonly kind: 'relation';
        readonly cardinality: 'one';
        /** An entity's name, or 'user'. */
        readonly to: string;
        /** The foreign-key column: 'vehicleId'. */
        readonly column: string;
      }
    | {
        readonly kind: 'relation';
        readonly cardinality: 'many';
        readonly to: string;
        /** The `one` field on `to` that points back here. */
        readonly via: string;
      }
  );

/** The largest value a 32-bit integer column holds (PostgreSQL's `integer`): ints and money stay in it. */
export const int32Max = 2_147_483_647;

/** Characters a phone number may have: '+31 (0)20 123-4567' fits. */
export const phoneMaxLength = 32;
