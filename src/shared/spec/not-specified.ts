/**
 * What a point of the specification says while the specification has not supplied it.
 * Every `define…` helper accepts it, and the compiler then leaves that point's homes as
 * the foundation has them (docs/spec.md).
 */
export const notSpecified = Object.freeze({ kind: 'notSpecified' } as const);

export type NotSpecified = typeof notSpecified;

/** Whether a point's value is the `notSpecified` sentinel (compared by shape: modules may load twice). */
export function isNotSpecified(value: unknown): value is NotSpecified {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'notSpecified';
}
