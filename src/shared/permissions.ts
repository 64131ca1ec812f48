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
import {
  specPermissionDescriptions,
  specPermissions,
  specRoleDescriptions,
  specRoles,
} from './generated/permissions.ts';

/** The foundation's own: accounts, sessions, API keys, the system and the mailbox. */
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
] as const;

export const permissions = [...foundationPermissions, ...specPermissions] as const;

export type Permission = (typeof permissions)[number];

/**
 * What each permission lets its holder do, in people's words: shown beside the string
 * where keys are created and listed. A Record, so a new permission without words does
 * not compile.
 */
export const permissionDescriptions: Record<Permission, string> = {
  'read:users:any': 'See every account: names, e-mail addresses, roles and status.',
  'update:users:any': "Change anyone's role, and disable or enable accounts.",
  'read:sessions:own': 'See the sessions of its own account.',
  'revoke:sessions:own': 'Sign out sessions of its own account.',
  'read:sessions:any': "See everyone's sessions: when, from where and with which browser.",
  'revoke:sessions:any': "Sign out anyone's session.",
  'manage:api-keys:any': 'Create, list and revoke API keys.',
  'read:system:any': 'Count accounts, live sessions and API keys (system statistics).',
  'read:mailbox:any': 'Read every e-mail in the outbox, including the links they carry.',
  ...specPermissionDescriptions,
};

/**
 * Never held by an API key: a key that could make keys would be a standing path to
 * more than it holds (issue 16). Managing keys needs a signed-in person.
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

/** Who holds each role, in a line: the admin screen's role picker and docs/access.md. */
export const roleDescriptions: Record<Role, string> = {
  admin: 'Runs the product: holds every permission, including accounts, sessions and API keys.',
  member: 'Anyone who signed up: sees and signs out their own sessions.',
  ...specRoleDescriptions,
};

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
