import type { NotSpecified } from './not-specified.ts';
import type { SpecPoint } from './points.ts';

/** A constant naming an IANA time zone; the validator checks that Intl knows it. */
export interface TimeZoneConstant {
  readonly kind: 'timeZone';
  readonly zone: string;
}

/** A business constant: a number, a string (a currency code, a time of day) or a time zone. */
export type ConstantValue = number | string | boolean | TimeZoneConstant;

export type ConstantsSpec = Readonly<Record<string, ConstantValue>>;

/**
 * A time zone for date-time fields and time-window rules, e.g. `timeZone('Europe/Amsterdam')`.
 * The generated constants module holds it as its plain name.
 */
export function timeZone<const Zone extends string>(zone: Zone): { readonly kind: 'timeZone'; readonly zone: Zone } {
  return { kind: 'timeZone', zone };
}

/**
 * [9] Declares the business constants (spec/constants.ts). Names are camelCase; fields
 * and rules refer to them by name (a money field's currency, a rule's maximum).
 * @example export default defineConstants({ currency: 'EUR', shopTimeZone: timeZone('Europe/Amsterdam') });
 */
export function defineConstants(value: NotSpecified): SpecPoint<'constants', never>;
export function defineConstants<const C extends ConstantsSpec>(value: C): SpecPoint<'constants', C>;
export function defineConstants(value: ConstantsSpec | NotSpecified): SpecPoint<'constants', ConstantsSpec> {
  return { point: 'constants', value };
}
