import type { InternalAdapter } from '@better-auth/core';

/**
 * Gives an account the password whose hash is `hash`: replaces the e-mail-and-password
 * credential's, or links one (as the library's sign-up would) where the account has
 * none yet. The hash is made by the caller, before any transaction opens.
 */
export async function setPassword(
  adapter: Pick<InternalAdapter, 'findCredentialAccount' | 'updatePassword' | 'createAccount'>,
  userId: string,
  hash: string,
): Promise<void> {
  if (await adapter.findCredentialAccount(userId)) await adapter.updatePassword(userId, hash);
  else await adapter.createAccount({ userId, providerId: 'credential', accountId: userId, password: hash });
}
