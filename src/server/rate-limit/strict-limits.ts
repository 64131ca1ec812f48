/**
 * Procedures an attacker would hammer (guessing passwords, creating accounts,
 * flooding inboxes, guessing tokens): each has its own, stricter limit per client
 * IP (AUTH_RATE_LIMIT per 15 minutes), counted per call, so a batch of 20 sign-ins
 * counts 20. Everything else shares the global per-IP limit (RATE_LIMIT_PER_MINUTE).
 */
export const strictlyLimitedProcedures = [
  'auth.signIn',
  'auth.signUp',
  'auth.requestPasswordReset',
  'auth.resetPassword',
  'auth.verifyEmail',
  'auth.checkLink',
  'auth.resendConfirmation',
  // The first run's link is a secret to guess, however long.
  'setup.status',
  'setup.createAdmin',
] as const;

export const STRICT_LIMIT_WINDOW_MS = 15 * 60 * 1000;

export function isStrictlyLimited(path: string): boolean {
  return (strictlyLimitedProcedures as readonly string[]).includes(path);
}
