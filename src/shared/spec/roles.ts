import type { EntityNameOf } from './entities.ts';
import type { NotSpecified } from './not-specified.ts';
import type { SpecPoint, ValueOf } from './points.ts';

/** Every record, or only the caller's own (reached by the role's `own` path). */
export type Scope = 'all' | 'own';

/** What a role may do with one entity's records; an action left out is not allowed. */
export interface EntityGrant {
  readonly read?: Scope;
  readonly create?: Scope;
  readonly update?: Scope;
  readonly archive?: Scope;
  /**
   * Fields of the entity this role neither sees nor sets (field-level visibility): left
   * out of every record it reads, refused in what it writes, and kept out of its search,
   * filters and sort. Not the entity's title, an `own` path's first step, a field the role
   * must give when creating, or one an event it fires requires.
   */
  readonly hide?: readonly string[];
}

export interface RoleSpec<Entity extends string = string> {
  /** Who holds the role, in a line. */
  readonly description: string;
  /** 'everything'; or per entity a scope for every action, or a grant per action. */
  readonly can: 'everything' | Readonly<Partial<Record<Entity, Scope | EntityGrant>>>;
  /**
   * What "own" means, per entity: the relation path from a record to the caller's user,
   * e.g. `{ WorkOrder: 'technician', Vehicle: 'customer.user' }`.
   */
  readonly own?: Readonly<Partial<Record<Entity, string>>>;
}

export type RolesSpec = Readonly<Record<string, RoleSpec>>;

/**
 * [6] Declares the roles, what each may do, and what "own" means for each
 * (spec/roles.ts). Takes the entities point so entity names are checked.
 * @example
 * export default defineRoles(entities, {
 *   technician: { description: '…', can: { WorkOrder: { read: 'own', update: 'own' } }, own: { WorkOrder: 'technician' } },
 * });
 */
export function defineRoles(value: NotSpecified): SpecPoint<'roles', never>;
export function defineRoles<
  EntitiesPoint,
  const R extends Readonly<Record<string, RoleSpec<EntityNameOf<EntitiesPoint>>>>,
>(entities: EntitiesPoint, value: R): SpecPoint<'roles', R>;
export function defineRoles(...args: [NotSpecified] | [unknown, RolesSpec]): SpecPoint<'roles', RolesSpec> {
  return { point: 'roles', value: args.length === 1 ? args[0] : args[1] };
}

/** The role names of a `defineRoles` result. */
export type RoleNameOf<P> = Extract<keyof ValueOf<P>, string>;
