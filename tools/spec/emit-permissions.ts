import type { EntityMeta } from '../../src/shared/spec/entity-meta.ts';
import {
  customOperationPermission,
  entityPermission,
  eventPermission,
  type EntityAction,
} from '../../src/shared/spec/permission-names.ts';
import type { Scope } from '../../src/shared/spec/roles.ts';
import { generatedHeader } from './emit-typescript.ts';
import { words } from './resolve-entities.ts';
import { scopeOf } from './role-scope.ts';
import { specified, type Spec } from './spec-model.ts';

export const entityActions: readonly EntityAction[] = ['read', 'create', 'update', 'archive'];

/** 'Work order' → 'work order', but 'VAT rate' stays: only a capital that starts a plain word goes. */
function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

interface DerivedPermission {
  name: string;
  description: string;
}

export interface DerivedPermissions {
  /** Sorted by entity (the spec's order), then action (read, create, update, archive, the events), `any` before `own`; custom operations last. */
  permissions: DerivedPermission[];
  roles: { name: string; description: string; permissions: string[] }[];
}

/**
 * [6] What the roles, the state events' `who` and the custom operations' `who` come to
 * as permissions (spelled by src/shared/spec/permission-names.ts):
 * - `can: 'everything'` is every entity action with `:any`; a scope string is every
 *   action on that entity; a grant names its actions; 'all' is `:any`, 'own' `:own`.
 * - a role named in an event's `who` fires it with its read scope on the entity.
 * - a role named in a custom operation's `who` calls it (`call:<op>:any`).
 * Besides those the roles hold, every entity action and every event exists with `:any`,
 * so the foundation's admin (who holds every permission) reaches every record.
 */
export function derivePermissions(spec: Spec, entities: readonly EntityMeta[]): DerivedPermissions {
  const roles = specified(spec.roles);
  const states = specified(spec.states);
  const calls = specified(spec.calls);
  const ordered: DerivedPermission[] = [];
  const held = new Map<string, Set<string>>(Object.keys(roles).map((role) => [role, new Set<string>()]));
  const grant = (role: string, permission: string) => held.get(role)?.add(permission);

  for (const meta of entities) {
    const every = `every ${inSentence(meta.label)}`;
    const own = `their own ${inSentence(meta.plural)}`;
    const sentence: Record<EntityAction, (scope: Scope) => string> = {
      read: (scope) => `See ${scope === 'all' ? every : own}.`,
      create: (scope) => (scope === 'all' ? `Create ${inSentence(meta.plural)} for anyone.` : `Create ${own}.`),
      update: (scope) => `Change ${scope === 'all' ? every : own}.`,
      archive: (scope) => `Archive ${scope === 'all' ? every : own}.`,
    };
    // `:any` always (the admin's), `:own` when a role holds it.
    const push = (name: (scope: Scope) => string, describe: (scope: Scope) => string, scopes: Set<Scope>) => {
      for (const scope of ['all', 'own'] as const)
        if (scope === 'all' || scopes.has(scope)) ordered.push({ name: name(scope), description: describe(scope) });
    };

    for (const action of entityActions) {
      const scopes = new Set<Scope>();
      for (const [role, spec] of Object.entries(roles)) {
        const scope = scopeOf(spec, meta.name, action);
        if (scope === null) continue;
        scopes.add(scope);
        grant(role, entityPermission(meta.name, action, scope));
      }
      push((scope) => entityPermission(meta.name, action, scope), sentence[action], scopes);
    }

    for (const [event, spec] of Object.entries(states[meta.name]?.events ?? {})) {
      const verb = spec.label ?? words(event);
      const scopes = new Set<Scope>();
      for (const role of spec.who) {
        const roleSpec = roles[role];
        const scope = roleSpec ? scopeOf(roleSpec, meta.name, 'read') : null;
        if (scope === null) continue; // the validator refuses it
        scopes.add(scope);
        grant(role, eventPermission(meta.name, event, scope));
      }
      push(
        (scope) => eventPermission(meta.name, event, scope),
        (scope) => `${verb} ${scope === 'all' ? every : own}.`,
        scopes,
      );
    }
  }

  for (const [operation, spec] of Object.entries(calls.custom ?? {})) {
    if (!Array.isArray(spec.who)) continue; // 'public' and 'signed-in' need no permission
    const name = customOperationPermission(operation);
    ordered.push({ name, description: `${words(operation)}: ${spec.summary}` });
    for (const role of spec.who as readonly string[]) grant(role, name);
  }

  const order = ordered.map((permission) => permission.name);
  return {
    permissions: ordered,
    roles: Object.entries(roles).map(([name, spec]) => ({
      name,
      description: spec.description,
      permissions: order.filter((permission) => held.get(name)?.has(permission)),
    })),
  };
}

const literal = (value: unknown) => JSON.stringify(value, null, 2);

/** src/shared/generated/permissions.ts: merged with the foundation's in src/shared/permissions.ts. */
export function emitPermissions(derived: DerivedPermissions): string {
  const roles = Object.fromEntries(derived.roles.map(({ name, permissions }) => [name, permissions]));
  return `${generatedHeader('roles')}

/**
 * [6] Every permission the specification's roles, state events and custom operations
 * use (spelled by src/shared/spec/permission-names.ts), merged after the foundation's in
 * src/shared/permissions.ts. API keys may hold each of them.
 */
export const specPermissions = ${literal(derived.permissions.map(({ name }) => name))} as const;

export type SpecPermission = (typeof specPermissions)[number];

/** The specification's roles and what each holds; src/shared/permissions.ts adds member's own-session permissions. */
export const specRoles = ${literal(roles)} as const satisfies Record<string, readonly SpecPermission[]>;
`;
}

/**
 * src/shared/generated/permission-descriptions.ts: the words, apart from the permissions
 * themselves, so the first chunk (which checks permissions) does not carry them; only the
 * screens that show them load them (src/shared/permission-descriptions.ts).
 */
export function emitPermissionDescriptions(derived: DerivedPermissions): string {
  const descriptions = Object.fromEntries(derived.permissions.map(({ name, description }) => [name, description]));
  const roleDescriptions = Object.fromEntries(derived.roles.map(({ name, description }) => [name, description]));
  // Record<never, …> is `{}`, which the lint refuses: an empty spec says "no entries" instead.
  return `${generatedHeader('roles')}
${derived.permissions.length ? "import type { SpecPermission, specRoles } from './permissions.ts';\n" : ''}
/** What each lets its holder do, in people's words (the API key screens, docs/access.md). */
export const specPermissionDescriptions = ${literal(descriptions)} as const satisfies ${derived.permissions.length ? 'Record<SpecPermission, string>' : 'Record<string, never>'};

/** Who holds each role, in a line. */
export const specRoleDescriptions = ${literal(roleDescriptions)} as const satisfies ${derived.roles.length ? 'Record<keyof typeof specRoles, string>' : 'Record<string, never>'};
`;
}
