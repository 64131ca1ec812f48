import { auditSearch } from './audit-search.ts';
import { jobsSearch } from './jobs-search.ts';
import { specRoutes } from './generated/routes.ts';
import { mailboxSearch, templateSearch } from './mailbox-search.ts';
import { redirectSearch } from './redirect-search.ts';
import { lazyScreen } from './router/lazy-screen.ts';
import type { RouteTable } from './router/router.tsx';
import { HomeScreen } from './screens/home-screen.tsx';
import { tokenSearch } from './token-search.ts';

const adminLayout = lazyScreen(() => import('./screens/admin-layout.tsx'), 'AdminLayout');
const mailboxLayout = lazyScreen(() => import('./screens/mailbox-layout.tsx'), 'MailboxLayout');

/**
 * [2] Screens and routes: the one table of every screen the app has. Links, navigation
 * and the screens' `useSearch`/`useParams` are checked against it at compile time
 * (router/router.tsx). The home screen ships in the first chunk; every other screen is
 * its own chunk, and the form kit (react-hook-form, zod) loads with the first screen
 * that has a form. A path without `:name` segments wins over one with them.
 */
export const routes = {
  '/': { screen: HomeScreen },
  '/status': { screen: lazyScreen(() => import('./screens/status-screen.tsx'), 'StatusScreen') },
  '/records': { screen: lazyScreen(() => import('./screens/records-screen.tsx'), 'RecordsScreen') },

  // Identity: docs/decisions/0009-identity-and-access.md. E-mailed links open the
  // verify and reset screens with `?token=…`.
  '/sign-up': { screen: lazyScreen(() => import('./screens/sign-up-screen.tsx'), 'SignUpScreen') },
  // `?redirect=/account`: where sign-in returns to, a path on this site or nothing.
  '/sign-in': {
    screen: lazyScreen(() => import('./screens/sign-in-screen.tsx'), 'SignInScreen'),
    search: redirectSearch,
  },
  '/verify-email': {
    screen: lazyScreen(() => import('./screens/verify-email-screen.tsx'), 'VerifyEmailScreen'),
    search: tokenSearch,
  },
  '/forgot-password': {
    screen: lazyScreen(() => import('./screens/forgot-password-screen.tsx'), 'ForgotPasswordScreen'),
  },
  '/reset-password': {
    screen: lazyScreen(() => import('./screens/reset-password-screen.tsx'), 'ResetPasswordScreen'),
    search: tokenSearch,
  },
  // The first run: the link the server prints while no administrator exists
  // (docs/decisions/0019-first-run.md).
  '/setup': {
    screen: lazyScreen(() => import('./screens/setup-screen.tsx'), 'SetupScreen'),
    search: tokenSearch,
  },
  '/account': { screen: lazyScreen(() => import('./screens/account-screen.tsx'), 'AccountScreen') },

  // Administration: each screen checks its own permission before it asks for data.
  '/admin': { redirect: '/admin/users' },
  '/admin/users': {
    layout: adminLayout,
    screen: lazyScreen(() => import('./screens/admin-users-screen.tsx'), 'AdminUsersScreen'),
  },
  '/admin/sessions': {
    layout: adminLayout,
    screen: lazyScreen(() => import('./screens/admin-sessions-screen.tsx'), 'AdminSessionsScreen'),
  },
  '/admin/api-keys': {
    layout: adminLayout,
    screen: lazyScreen(() => import('./screens/admin-api-keys-screen.tsx'), 'AdminApiKeysScreen'),
  },
  // The status filter in the address (`?status=failed`); none is all jobs.
  '/admin/jobs': {
    layout: adminLayout,
    screen: lazyScreen(() => import('./screens/admin-jobs-screen.tsx'), 'AdminJobsScreen'),
    search: jobsSearch,
  },
  // Who changed what: filters in the address (`?actor=…&procedure=…&from=2026-11-01`).
  '/admin/audit': {
    layout: adminLayout,
    screen: lazyScreen(() => import('./screens/admin-audit-screen.tsx'), 'AdminAuditScreen'),
    search: auditSearch,
  },
  // Every field of the form kit, for developers and the e2e suite; linked from nowhere.
  '/admin/form-kit': {
    layout: adminLayout,
    screen: lazyScreen(() => import('./screens/admin-form-kit-screen.tsx'), 'AdminFormKitScreen'),
  },

  // The mailbox: the outbox's e-mails and the template gallery. No client-side check:
  // the server decides who may read it (MAILBOX), and the screens show its answer.
  '/mailbox': {
    layout: mailboxLayout,
    screen: lazyScreen(() => import('./screens/mailbox-screen.tsx'), 'MailboxScreen'),
    search: mailboxSearch,
  },
  '/mailbox/templates': {
    layout: mailboxLayout,
    screen: lazyScreen(() => import('./screens/mailbox-templates-screen.tsx'), 'MailboxTemplatesScreen'),
    search: templateSearch,
  },
  '/mailbox/:id': {
    layout: mailboxLayout,
    screen: lazyScreen(() => import('./screens/mailbox-message-screen.tsx'), 'MailboxMessageScreen'),
  },

  // [2] The specification's screens (spec/screens.ts, compiled by `npm run spec`): none
  // while it says notSpecified.
  ...specRoutes,
} satisfies RouteTable;

/** Shown for an address no route names; its own chunk. */
export const notFoundScreen = lazyScreen(() => import('./screens/not-found-screen.tsx'), 'NotFoundScreen');

declare module './router/router.tsx' {
  interface Register {
    routes: typeof routes;
  }
}
