import type { CallsSpec } from '../../src/shared/spec/calls.ts';
import type { ConstantsSpec } from '../../src/shared/spec/constants.ts';
import type { EntitiesSpec } from '../../src/shared/spec/entities.ts';
import type { ErrorsSpec } from '../../src/shared/spec/errors.ts';
import { isNotSpecified, type NotSpecified } from '../../src/shared/spec/not-specified.ts';
import { specPoints, type PointName } from '../../src/shared/spec/points.ts';
import type { ProductSpec } from '../../src/shared/spec/product.ts';
import type { RolesSpec } from '../../src/shared/spec/roles.ts';
import type { RulesSpec } from '../../src/shared/spec/rules.ts';
import type { ScreensSpec } from '../../src/shared/spec/screens.ts';
import type { StatesSpec } from '../../src/shared/spec/states.ts';

/** A whole specification as the compiler reads it: each point's value, or notSpecified. */
export interface Spec {
  product: ProductSpec | NotSpecified;
  screens: ScreensSpec | NotSpecified;
  entities: EntitiesSpec | NotSpecified;
  states: StatesSpec | NotSpecified;
  rules: RulesSpec | NotSpecified;
  roles: RolesSpec | NotSpecified;
  calls: CallsSpec | NotSpecified;
  errors: ErrorsSpec | NotSpecified;
  constants: ConstantsSpec | NotSpecified;
}

/** A spec with every point not specified: the product's own, and the start of a test's. */
export function emptySpec(): Spec {
  const none = { kind: 'notSpecified' } as const;
  return {
    product: none,
    screens: none,
    entities: none,
    states: none,
    rules: none,
    roles: none,
    calls: none,
    errors: none,
    constants: none,
  };
}

/** A point's value, or an empty record when it is not specified (for lookups across points). */
export function specified<T extends object>(value: T | NotSpecified): T | Record<string, never> {
  return isNotSpecified(value) ? {} : value;
}

/** How a message names a point: "spec/entities.ts [3] entities". */
export function pointLabel(point: PointName): string {
  const { number } = specPoints.find((entry) => entry.name === point) ?? { number: 0 };
  return `spec/${point}.ts [${number}] ${point}`;
}

export type PointStatus = 'specified' | 'not specified';

/** Each point's status, in the nine points' order. */
export function pointStatuses(spec: Spec): Record<PointName, PointStatus> {
  return Object.fromEntries(
    specPoints.map(({ name }) => [name, isNotSpecified(spec[name]) ? 'not specified' : 'specified']),
  ) as Record<PointName, PointStatus>;
}

/** The whole spec's status: every point, none, or some. */
export function overallStatus(spec: Spec): 'specified' | 'not specified' | 'partly specified' {
  const statuses = Object.values(pointStatuses(spec));
  if (statuses.every((status) => status === 'specified')) return 'specified';
  if (statuses.every((status) => status === 'not specified')) return 'not specified';
  return 'partly specified';
}
