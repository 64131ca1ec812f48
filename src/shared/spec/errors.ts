import type { NotSpecified } from './not-specified.ts';
import type { SpecPoint } from './points.ts';

/** The HTTP statuses a specification's error may travel as. */
export const specErrorStatuses = [400, 401, 403, 404, 409, 422, 429] as const;
export type SpecErrorStatus = (typeof specErrorStatuses)[number];

/** One catalogue entry. The code is its key: UPPER_SNAKE_CASE, never a foundation code. */
export interface ErrorSpec {
  /** 404 not found, 409 conflict with the current state, 422 a rule about the values, … */
  readonly status: SpecErrorStatus;
  /** What a person reads. */
  readonly message: string;
  /** When it happens, in a line (docs/errors.md). */
  readonly when: string;
  /** Whether the error's own message and details may be shown; default true (rules fill them). */
  readonly showDetails?: boolean;
}

export type ErrorsSpec = Readonly<Record<string, ErrorSpec>>;

/**
 * [8] Declares the specification's error catalogue (spec/errors.ts): merged into the
 * foundation's (src/shared/error-codes.ts). Every rule names one of these codes.
 * @example export default defineErrors({ VEHICLE_NOT_FOUND: { status: 404, message: '…', when: '…' } });
 */
export function defineErrors(value: NotSpecified): SpecPoint<'errors', never>;
export function defineErrors<const E extends ErrorsSpec>(value: E): SpecPoint<'errors', E>;
export function defineErrors(value: ErrorsSpec | NotSpecified): SpecPoint<'errors', ErrorsSpec> {
  return { point: 'errors', value };
}
