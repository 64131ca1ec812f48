/**
 * The address the server promotes to admin when no admin exists yet
 * (FIRST_ADMIN_EMAIL): playwright.config.ts gives it to the server, and
 * e2e/accounts.ts signs up with it.
 */
export const firstAdminEmail = 'admin@example.test';
