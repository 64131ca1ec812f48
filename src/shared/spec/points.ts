import type { NotSpecified } from './not-specified.ts';

/**
 * The nine points of a specification, in their order, with the file under `spec/` each
 * lives in. The number is how people refer to a point ("[3] entities").
 */
export const specPoints = [
  { number: 1, name: 'product', title: 'What it does and for whom' },
  { number: 2, name: 'screens', title: 'Screens and routes' },
  { number: 3, name: 'entities', title: 'Entities and fields' },
  { number: 4, name: 'states', title: 'States and transitions' },
  { number: 5, name: 'rules', title: 'Validation rules' },
  { number: 6, name: 'roles', title: 'Roles and permissions' },
  { number: 7, name: 'calls', title: 'Calls it makes, including transactional e-mail' },
  { number: 8, name: 'errors', title: 'Error catalogue' },
  { number: 9, name: 'constants', title: 'Business constants and limits' },
] as const;

export type PointName = (typeof specPoints)[number]['name'];

/**
 * What every `define…` helper returns: the point's name (so the loader can tell a file
 * holding the wrong point) and its value, or `notSpecified`.
 */
export interface SpecPoint<Name extends PointName, Value> {
  readonly point: Name;
  readonly value: Value | NotSpecified;
}

/** The value a spec file's point holds, when it is specified. */
export type ValueOf<P> = P extends SpecPoint<PointName, infer Value> ? Exclude<Value, NotSpecified> : never;
