/**
 * [3] The kinds of field an entity may have, and the `field` helpers that write them.
 * Shared by the compiler (tools/spec/) and, later, by the runtime building blocks on
 * both sides, which read an entity's fields from its generated metadata.
 */

/** What every scalar field may say. */
interface ScalarOptions {
  /** May be left empty (stored as null). */
  readonly optional?: boolean;
  /** No two live records share the value (a unique index). */
  readonly unique?: boolean;
  /** The list's search box looks in it (case-insensitive, on both engines). */
  readonly searchable?: boolean;
  /** The label a person reads; default: the name, in words. */
  readonly label?: string;
}

export interface StringField extends ScalarOptions {
  readonly kind: 'string';
  /** Characters, after trimming; default 1 (0 when optional). */
  readonly min?: number;
  /** Characters; default the foundation's short-text limit. */
  readonly max?: number;
  readonly default?: string;
}
export interface TextField extends ScalarOptions {
  readonly kind: 'text';
  /** Characters; default the foundation's long-text limit. */
  readonly max?: number;
}
export interface EmailField extends ScalarOptions {
  readonly kind: 'email';
}
export interface PhoneField extends ScalarOptions {
  readonly kind: 'phone';
}
export interface IntField extends ScalarOptions {
  readonly kind: 'int';
  readonly min?: number;
  readonly max?: number;
  readonly default?: number;
}
export interface MoneyField extends ScalarOptions {
  readonly kind: 'money';
  /** The name of a constant holding the ISO 4217 currency code ('EUR'); its decimals follow. */
  readonly currency: string;
  /** Refunds and corrections may be negative; prices may not. */
  readonly allowNegative?: boolean;
  /** The largest amount, in minor units; default and ceiling: what a 32-bit column holds. */
  readonly maxMinor?: number;
  readonly default?: number;
}
export interface DecimalField extends ScalarOptions {
  readonly kind: 'decimal';
  /** Digits in all. */
  readonly precision: number;
  /** Digits after the point. */
  readonly scale: number;
}
export interface BooleanField extends ScalarOptions {
  readonly kind: 'boolean';
  readonly default?: boolean;
}
export interface EnumField<Value extends string = string> extends ScalarOptions {
  readonly kind: 'enum';
  readonly values: readonly Value[];
  readonly default?: Value;
}
/** A calendar day ('YYYY-MM-DD'), without a time zone: a due date, a birthday. */
export interface DateField extends ScalarOptions {
  readonly kind: 'date';
}
/** An instant, entered and shown on the wall clock of a named time zone. */
export interface DateTimeField extends ScalarOptions {
  readonly kind: 'dateTime';
  /** The name of a `timeZone(…)` constant. */
  readonly zone: string;
}

/**
 * A relation to another entity of the specification, or to the foundation's `user`.
 * `one`: this record points at one (a foreign key here). `many`: the other side of
 * a `one` on the target that points back here (no column here).
 */
export interface RelationField<Target extends string = string> {
  readonly kind: 'relation';
  readonly cardinality: 'one' | 'many';
  readonly to: Target;
  /** For `one`: may point at nothing. */
  readonly optional?: boolean;
  /** For `many`: the `one` field on the target that points back, when more than one does. */
  readonly via?: string;
  readonly label?: string;
}

export type ScalarField =
  | StringField
  | TextField
  | EmailField
  | PhoneField
  | IntField
  | MoneyField
  | DecimalField
  | BooleanField
  | EnumField
  | DateField
  | DateTimeField;

export type FieldSpec<Target extends string = string> = ScalarField | RelationField<Target>;
export type FieldKind = FieldSpec['kind'];

type Options<F> = Omit<F, 'kind'>;

/** The field helpers: `field.string({ max: 80, searchable: true })`, `field.one('Vehicle')`. */
export const field = {
  /** One line of text, trimmed; bounded by `min` and `max` characters. */
  string: (options: Options<StringField> = {}): StringField => ({ kind: 'string', ...options }),
  /** Free text over several lines, bounded by `max`. */
  text: (options: Options<TextField> = {}): TextField => ({ kind: 'text', ...options }),
  /** An e-mail address. */
  email: (options: Options<EmailField> = {}): EmailField => ({ kind: 'email', ...options }),
  /** A telephone number: digits, spaces, + ( ) and -. */
  phone: (options: Options<PhoneField> = {}): PhoneField => ({ kind: 'phone', ...options }),
  /** A whole number, bounded by `min` and `max`. */
  int: (options: Options<IntField> = {}): IntField => ({ kind: 'int', ...options }),
  /** An amount in minor units (cents) of the currency a constant names. */
  money: (options: Options<MoneyField>): MoneyField => ({ kind: 'money', ...options }),
  /** An exact decimal number with `precision` digits, `scale` after the point. */
  decimal: (options: Options<DecimalField>): DecimalField => ({ kind: 'decimal', ...options }),
  /** Yes or no. */
  boolean: (options: Options<BooleanField> = {}): BooleanField => ({ kind: 'boolean', ...options }),
  /** One of a fixed list of values, e.g. `field.enum(['low', 'normal', 'urgent'], { default: 'normal' })`. */
  enum: <const Value extends string>(
    values: readonly [Value, ...Value[]],
    options: Omit<Options<EnumField<Value>>, 'values'> = {},
  ): EnumField<Value> => ({ kind: 'enum', values, ...options }),
  /** A calendar day. */
  date: (options: Options<DateField> = {}): DateField => ({ kind: 'date', ...options }),
  /** A date and time on the wall clock of the time-zone constant `zone`. */
  dateTime: (options: Options<DateTimeField>): DateTimeField => ({ kind: 'dateTime', ...options }),
  /** This record belongs to one `to` (an entity's name, or 'user' for a person who signs in). */
  one: <const Target extends string>(
    to: Target,
    options: Pick<RelationField, 'optional' | 'label'> = {},
  ): RelationField<Target> => ({ kind: 'relation', cardinality: 'one', to, ...options }),
  /** The records of `to` that belong to this one (the other side of their `one`). */
  many: <const Target extends string>(
    to: Target,
    options: Pick<RelationField, 'via' | 'label'> = {},
  ): RelationField<Target> => ({ kind: 'relation', cardinality: 'many', to, ...options }),
};
