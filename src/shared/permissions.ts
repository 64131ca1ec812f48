/**
 * [6] Roles and permissions, checked the same way on the server (base procedures)
 * and in the browser (`can` hides what a user may not do).
 *
 * A permission is `action:entity`, optionally `:own` (only the user's own records)
 * or `:any`. `admin` and `member` are the foundation's assumption
 * (docs/decisions/0009-identity-and-access.md); the specification's roles and
 * permissions (spec/roles.ts, compiled into src/shared/generated/permissions.ts) are
 * added after them here (docs/decisions/0031-spec-roles-and-permissions.md), and
 * docs/access.md shows the result.
 */
import { specPermissions, specRoles } from './generated/permissions.ts';

/** The foundation's own: accounts, sessions, API keys, the system, the mailbox, the jobs and the audit trail. */
export const foundationPermissions = [
  'read:users:any',
  'update:users:any',
  'read:sessions:own',
  'revoke:sessions:own',
  'read:sessions:any',
  'revoke:sessions:any',
  'manage:api-keys:any',
  'read:system:any',
  'read:mailbox:any',
  'read:jobs:any',
  'retry:jobs:any',
  'read:audit:any',
] as const;

export const permissions = [...foundationPermissions, ...specPermissions] as const;

export type Permission = (typeof permissions)[number];

/**
 * Never held by an API key: a key that could make keys would be a standing path to
 * more than it holds. Managing keys needs a signed-in person.
 */
const personOnly: readonly Permission[] = ['manage:api-keys:any'];

/** Whether an API key may hold a permission (be granted it, and use it). */
export function isApiKeyPermission(permission: Permission): boolean {
  return !personOnly.includes(permission);
}

/** What an API key may be granted, in the list's order. */
export const apiKeyPermissions: readonly Permission[] = permissions.filter(isApiKeyPermission);

/** What every signed-in person holds: their own sessions. */
const memberPermissions = ['read:sessions:own', 'revoke:sessions:own'] as const satisfies readonly Permission[];

/** The specification's roles, each with member's own-session permissions before its own. */
function withMemberPermissions<R extends Readonly<Record<string, readonly Permission[]>>>(
  specified: R,
): Record<Extract<keyof R, string>, readonly Permission[]> {
  const withMember = {} as Record<Extract<keyof R, string>, readonly Permission[]>;
  for (const [role, held] of Object.entries<readonly Permission[]>(specified))
    withMember[role as Extract<keyof R, string>] = [...memberPermissions, ...held];
  return withMember;
}

/**
 * `admin` holds every permission, the specification's included; `member` is the
 * default role. Each of the specification's roles holds what spec/roles.ts grants it
 * and, like a member, its own sessions (the spec does not mention sessions).
 */
export const roles = {
  admin: [...permissions],
  member: memberPermissions,
  ...withMemberPermissions(specRoles),
} as const satisfies Record<string, readonly Permission[]>;

export type Role = keyof typeof roles;

export const roleNames = Object.keys(roles) as Role[];

export const defaultRole: Role = 'member';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(roles, value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (permissions as readonly string[]).includes(value);
}

/** What the checks need to know about a caller. */
export interface Principal {
  role: string;
  /** Set for API keys: the key's scope, which narrows the owner's role. */
  scope?: readonly Permission[] | null;
}

/**
 * Whether a caller holds a permission. `:any` implies `:own` for the same action
 * and entity. An unknown role holds nothing (deny by default); an API key holds
 * only what both its scope and its owner's role allow.
 */
export function can(principal: Principal | null | undefined, permission: Permission): boolean {
  if (!principal || !isRole(principal.role)) return false;
  const granted: readonly Permission[] = roles[principal.role];
  const { scope } = principal;
  const held = (p: Permission) => granted.includes(p) && (!scope || scope.includes(p));
  if (held(permission)) return true;
  return permission.endsWith(':own') && isPermission(permission.replace(/:own$/, ':any'))
    ? held(permission.replace(/:own$/, ':any') as Permission)
    : false;
}
