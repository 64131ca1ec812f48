/**
 * [6] The words for each permission and role, apart from the permissions themselves
 * (src/shared/permissions.ts): the first chunk checks permissions on every screen, and
 * only the screens that show these words (API keys, the role legend) load them.
 */
import { specPermissionDescriptions, specRoleDescriptions } from './generated/permission-descriptions.ts';
import type { Permission, Role } from './permissions.ts';

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
  'read:jobs:any': 'See background jobs: their names, states, attempts and errors.',
  'retry:jobs:any': 'Queue a failed background job again.',
  'read:audit:any': 'Read the audit trail: who changed what, when, and with what outcome.',
  ...specPermissionDescriptions,
};

/** Who holds each role, in a line: the admin screen's role picker and docs/access.md. */
export const roleDescriptions: Record<Role, string> = {
  admin: 'Runs the product: holds every permission, including accounts, sessions and API keys.',
  member: 'Anyone who signed up: sees and signs out their own sessions.',
  ...specRoleDescriptions,
};
