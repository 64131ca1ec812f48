/**
 * One valid input per procedure, for the property tests to mutate. Each is valid
 * yet harmless when it succeeds: ids that do not exist, addresses nobody owns, a
 * wrong current password. `undefined` for a procedure without input.
 *
 * A new procedure needs an entry here: the property test fails until it has one,
 * so no procedure escapes the generated inputs.
 */
export const procedureSeeds: Readonly<Record<string, unknown>> = {
  'system.health': undefined,
  'system.info': undefined,
  'system.stats': undefined,

  // `website` is the honeypot: empty from people, so mutations reach it with every type.
  'auth.signUp': { name: 'Fuzz', email: 'fuzz@example.com', website: '' },
  'auth.signIn': { email: 'nobody@example.com', password: 'not the password', website: '' },
  'auth.verifyEmail': { token: 'not-a-token', password: 'a long enough password' },
  'auth.requestPasswordReset': { email: 'nobody@example.com', website: '' },
  'auth.resetPassword': { token: 'not-a-token', password: 'a long enough password' },
  'auth.viewer': undefined,
  'auth.signOut': undefined,
  'auth.changePassword': { currentPassword: 'not the password', newPassword: 'a long enough password' },
  'auth.sessions.list': undefined,
  'auth.sessions.revoke': { id: 'no-such-session' },

  // An admin exists in the property tests: the link is refused whatever it holds.
  'setup.status': { token: 'not-a-token' },
  'setup.createAdmin': {
    token: 'not-a-token',
    name: 'Fuzz',
    email: 'fuzz-setup@example.com',
    password: 'a long enough password',
  },

  'admin.users.list': { search: 'nobody', limit: 5, cursor: null },
  'admin.users.setRole': { userId: 'no-such-user', role: 'member' },
  'admin.users.setDisabled': { userId: 'no-such-user', disabled: true },
  'admin.sessions.list': undefined,
  'admin.sessions.revoke': { id: 'no-such-session' },
  'admin.apiKeys.list': undefined,
  'admin.apiKeys.create': { name: 'fuzz', permissions: ['read:system:any'], expiresInDays: 1 },
  'admin.apiKeys.revoke': { id: 'no-such-key' },

  'mailbox.messages': { limit: 5, recipient: 'nobody', status: 'sent' },
  'mailbox.message': { id: 'no-such-message' },
  'mailbox.templates': undefined,
  'mailbox.preview': { name: 'verify-email' },

  'records.list': { limit: 5 },
  'records.get': { id: 'no-such-record' },
  'records.create': { name: 'fuzz' },
};
