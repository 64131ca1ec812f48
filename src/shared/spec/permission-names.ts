import type { Scope } from './roles.ts';

/**
 * [6] How the specification's grants are spelled as permissions
 * (src/shared/permissions.ts): `action:entity:any|own`, the entity in kebab case. The
 * compiler writes them (src/shared/generated/permissions.ts) and the runtime building
 * blocks ask for them, so both spell them here.
 */
export type EntityAction = 'read' | 'create' | 'update' | 'archive';

/** 'WorkOrder' → 'work-order'; 'dayPlan' → 'day-plan'. */
export function kebabName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

const scopeWord = (scope: Scope) => (scope === 'all' ? 'any' : 'own');

/** `read:work-order:own`: an action on an entity's records, all of them or the caller's own. */
export function entityPermission(entity: string, action: EntityAction, scope: Scope): string {
  return `${action}:${kebabName(entity)}:${scopeWord(scope)}`;
}

/**
 * `schedule:work-order:own`: firing a state event, on every record or on those the
 * caller reads as its own. Event names may not be an entity action's (the validator
 * refuses them), so the two never collide.
 */
export function eventPermission(entity: string, event: string, scope: Scope): string {
  return `${kebabName(event)}:${kebabName(entity)}:${scopeWord(scope)}`;
}

/** `call:day-plan:any`: calling a custom operation whose access names roles. */
export function customOperationPermission(operation: string): string {
  return `call:${kebabName(operation)}:any`;
}
