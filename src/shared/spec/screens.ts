import type { Access } from './calls.ts';
import type { EntityNameOf } from './entities.ts';
import type { NotSpecified } from './not-specified.ts';
import type { SpecPoint } from './points.ts';
import type { RoleNameOf } from './roles.ts';

/** One screen: a generated list, detail or form of an entity, or a custom (owned) one. */
export type ScreenSpec<Entity extends string = string, Role extends string = string> = {
  /** The address, e.g. '/work-orders' or '/work-orders/$id'. */
  readonly route: string;
  readonly title: string;
  /** Who sees it (and its entry in the navigation). */
  readonly who: Access<Role>;
} & ({ readonly kind: 'list' | 'detail' | 'form'; readonly entity: Entity } | { readonly kind: 'custom' });

export type ScreensSpec = Readonly<Record<string, ScreenSpec>>;

interface ScreensContext {
  readonly entities: unknown;
  readonly roles: unknown;
}

/**
 * [2] Declares the screens and their routes (spec/screens.ts).
 * @example
 * export default defineScreens({ entities, roles }, {
 *   workOrders: { kind: 'list', entity: 'WorkOrder', route: '/work-orders', title: 'Work orders', who: ['dispatcher'] },
 * });
 */
export function defineScreens(value: NotSpecified): SpecPoint<'screens', never>;
export function defineScreens<
  const C extends ScreensContext,
  const S extends Readonly<Record<string, ScreenSpec<EntityNameOf<C['entities']>, RoleNameOf<C['roles']>>>>,
>(context: C, value: S): SpecPoint<'screens', S>;
export function defineScreens(
  ...args: [NotSpecified] | [ScreensContext, ScreensSpec]
): SpecPoint<'screens', ScreensSpec> {
  return { point: 'screens', value: args.length === 1 ? args[0] : args[1] };
}
