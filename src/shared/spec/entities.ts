import type { FieldSpec } from './fields.ts';
import type { NotSpecified } from './not-specified.ts';
import type { SpecPoint, ValueOf } from './points.ts';

export { field } from './fields.ts';

/** The foundation's signed-in person, a relation target every specification may name. */
export const userEntity = 'user';

/** A sequential, human-readable number: `{ prefix: 'WO-', digits: 6 }` gives WO-000123. */
export interface NumberFormat {
  readonly prefix: string;
  readonly digits: number;
}

/** One entity: its fields (the compiler adds id, version, createdAt, updatedAt, archivedAt). */
export interface EntitySpec<Target extends string = string> {
  /** A person's word for one record; default: the name, in words. */
  readonly label?: string;
  /** …and for several. */
  readonly plural?: string;
  readonly description?: string;
  /** The field that names a record in lists and pickers; default its first string field. */
  readonly title?: string;
  readonly number?: NumberFormat;
  readonly fields: Readonly<Record<string, FieldSpec<Target>>>;
}

export type EntitiesSpec = Readonly<Record<string, EntitySpec>>;

/** Each entity's relations may name only the entities declared beside it, or 'user'. */
type CheckedEntities<E> = { readonly [Name in keyof E]: EntitySpec<Extract<keyof E, string> | typeof userEntity> };

/**
 * [3] Declares the entities and their fields (spec/entities.ts). Entity names are
 * PascalCase, field names camelCase. A relation to an undeclared entity is a type error
 * here and a refusal when the spec compiles.
 * @example
 * export default defineEntities({
 *   Customer: { fields: { name: field.string({ max: 120, searchable: true }) } },
 *   Vehicle: { fields: { customer: field.one('Customer'), plate: field.string({ max: 12, unique: true }) } },
 * });
 */
export function defineEntities(value: NotSpecified): SpecPoint<'entities', never>;
export function defineEntities<const E extends CheckedEntities<E>>(value: E): SpecPoint<'entities', E>;
export function defineEntities(value: EntitiesSpec | NotSpecified): SpecPoint<'entities', EntitiesSpec> {
  return { point: 'entities', value };
}

/** The entity names of a `defineEntities` result. */
export type EntityNameOf<P> = Extract<keyof ValueOf<P>, string>;

/** The field names of entity `Name` in a `defineEntities` result. */
export type FieldNameOf<P, Name> = Name extends keyof ValueOf<P>
  ? ValueOf<P>[Name] extends { fields: infer F }
    ? Extract<keyof F, string>
    : never
  : never;
