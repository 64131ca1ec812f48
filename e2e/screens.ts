/**
 * Every screen of the app, once: the accessibility check (e2e/accessibility.spec.ts)
 * and the screenshots (`npm run screenshots`) visit each. A unit test
 * (tools/screenshots/screens.test.ts) fails when src/client/routes.tsx has a path that
 * is neither here nor in `notScreens`, so a new route cannot be forgotten. The
 * specification's screens (src/client/generated/routes.ts) have their own journeys and
 * checks: e2e/spec-screens.spec.ts.
 * Plain data, no Playwright imports: vitest reads this file too.
 */

/** Facts a screen's address may need, read from the server once signed in. */
export interface ScreenFacts {
  /** An e-mail in the outbox (signing the admin up sends one). */
  mailboxMessageId: string;
}

export interface Screen {
  /** A name for messages and file names: lower-case words and dashes. */
  name: string;
  /** The route of routes.tsx the screen is drawn by; null for a screen no route names (not found). */
  route: string | null;
  /** Where to open it; a function when the address needs a fact from the server. */
  path: string | ((facts: ScreenFacts) => string);
  /** Whether a signed-in admin opens it; otherwise a signed-out visitor does. */
  admin: boolean;
}

export const screens: readonly Screen[] = [
  { name: 'home', route: '/', path: '/', admin: false },
  { name: 'status', route: '/status', path: '/status', admin: false },
  { name: 'records', route: '/records', path: '/records', admin: false },
  { name: 'sign-up', route: '/sign-up', path: '/sign-up', admin: false },
  { name: 'sign-in', route: '/sign-in', path: '/sign-in', admin: false },
  // A token the server does not know: what an old or mistyped link shows.
  { name: 'verify-email', route: '/verify-email', path: '/verify-email?token=screens-example', admin: false },
  { name: 'forgot-password', route: '/forgot-password', path: '/forgot-password', admin: false },
  { name: 'reset-password', route: '/reset-password', path: '/reset-password?token=screens-example', admin: false },
  // An administrator exists by then (or not): either way the screen says what the link can do.
  { name: 'setup', route: '/setup', path: '/setup?token=screens-example', admin: false },
  { name: 'not-found', route: null, path: '/no/such/page', admin: false },
  { name: 'account', route: '/account', path: '/account', admin: true },
  { name: 'admin-users', route: '/admin/users', path: '/admin/users', admin: true },
  { name: 'admin-sessions', route: '/admin/sessions', path: '/admin/sessions', admin: true },
  { name: 'admin-api-keys', route: '/admin/api-keys', path: '/admin/api-keys', admin: true },
  { name: 'admin-jobs', route: '/admin/jobs', path: '/admin/jobs', admin: true },
  { name: 'admin-audit', route: '/admin/audit', path: '/admin/audit', admin: true },
  { name: 'admin-form-kit', route: '/admin/form-kit', path: '/admin/form-kit', admin: true },
  { name: 'mailbox', route: '/mailbox', path: '/mailbox', admin: true },
  { name: 'mailbox-templates', route: '/mailbox/templates', path: '/mailbox/templates', admin: true },
  {
    name: 'mailbox-message',
    route: '/mailbox/:id',
    path: ({ mailboxMessageId }) => `/mailbox/${encodeURIComponent(mailboxMessageId)}`,
    admin: true,
  },
];

/** Route paths that draw no screen of their own, and why. */
export const notScreens: Readonly<Record<string, string>> = {
  '/admin': 'redirects to /admin/users',
};

/** The address to open for `screen`. */
export function screenPath(screen: Screen, facts: ScreenFacts): string {
  return typeof screen.path === 'function' ? screen.path(facts) : screen.path;
}

/**
 * The paths a route table declares, read from routes.tsx's source text rather than by
 * importing it (it imports every screen, and its shape is changing): quoted keys that
 * start with a slash (`'/status': {…}`, the object table) and `path: '/…'` properties
 * (an array of routes, or TanStack Router's `createRoute({ path })`). Relative
 * `path: 'users'` under a parent are joined to nothing, so keep paths absolute.
 */
export function routePaths(source: string): string[] {
  const paths = new Set<string>();
  for (const [, path] of source.matchAll(/^\s*['"](\/[^'"]*)['"]\s*:/gm)) paths.add(path ?? '');
  for (const [, path] of source.matchAll(/\bpath:\s*['"]([^'"]+)['"]/g)) paths.add(path ?? '');
  paths.delete('');
  return [...paths];
}
