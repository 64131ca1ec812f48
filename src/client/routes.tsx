import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { AppShell } from './components/app-shell.tsx';
import { RouteError } from './components/route-error.tsx';
import { mailboxSearch, templateSearch } from './mailbox-search.ts';
import { HomeScreen } from './screens/home-screen.tsx';
import { NotFoundScreen } from './screens/not-found-screen.tsx';
import { tokenSearch } from './token-search.ts';

/**
 * [2] Screens and routes: the one table of every screen the app has.
 * The home screen ships in the first chunk; every other screen is its own chunk,
 * and the form kit (react-hook-form, zod) loads with the first screen that has a form.
 */
const rootRoute = createRootRoute({
  component: AppShell,
  notFoundComponent: NotFoundScreen,
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomeScreen,
});

const statusRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/status',
  component: lazyRouteComponent(() => import('./screens/status-screen.tsx'), 'StatusScreen'),
});

const recordsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/records',
  component: lazyRouteComponent(() => import('./screens/records-screen.tsx'), 'RecordsScreen'),
});

// Identity: docs/decisions/0009-identity-and-access.md. E-mailed links open the
// verify and reset screens with `?token=…`.
const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-up',
  component: lazyRouteComponent(() => import('./screens/sign-up-screen.tsx'), 'SignUpScreen'),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  component: lazyRouteComponent(() => import('./screens/sign-in-screen.tsx'), 'SignInScreen'),
});

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./screens/verify-email-screen.tsx'), 'VerifyEmailScreen'),
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  component: lazyRouteComponent(() => import('./screens/forgot-password-screen.tsx'), 'ForgotPasswordScreen'),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: lazyRouteComponent(() => import('./screens/reset-password-screen.tsx'), 'ResetPasswordScreen'),
});

const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/account',
  component: lazyRouteComponent(() => import('./screens/account-screen.tsx'), 'AccountScreen'),
});

// Administration: each screen checks its own permission before it asks for data.
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('./screens/admin-layout.tsx'), 'AdminLayout'),
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's way to redirect
    throw redirect({ to: '/admin/users', replace: true });
  },
});

const adminUsersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/users',
  component: lazyRouteComponent(() => import('./screens/admin-users-screen.tsx'), 'AdminUsersScreen'),
});

const adminSessionsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/sessions',
  component: lazyRouteComponent(() => import('./screens/admin-sessions-screen.tsx'), 'AdminSessionsScreen'),
});

const adminApiKeysRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/api-keys',
  component: lazyRouteComponent(() => import('./screens/admin-api-keys-screen.tsx'), 'AdminApiKeysScreen'),
});

// The mailbox: the outbox's e-mails and the template gallery. No client-side check:
// the server decides who may read it (MAILBOX), and the screens show its answer.
const mailboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/mailbox',
  component: lazyRouteComponent(() => import('./screens/mailbox-layout.tsx'), 'MailboxLayout'),
});

const mailboxIndexRoute = createRoute({
  getParentRoute: () => mailboxRoute,
  path: '/',
  validateSearch: mailboxSearch,
  component: lazyRouteComponent(() => import('./screens/mailbox-screen.tsx'), 'MailboxScreen'),
});

// A static segment outranks `$id`, so the gallery's address is never read as a message id.
const mailboxTemplatesRoute = createRoute({
  getParentRoute: () => mailboxRoute,
  path: '/templates',
  validateSearch: templateSearch,
  component: lazyRouteComponent(() => import('./screens/mailbox-templates-screen.tsx'), 'MailboxTemplatesScreen'),
});

const mailboxMessageRoute = createRoute({
  getParentRoute: () => mailboxRoute,
  path: '/$id',
  component: lazyRouteComponent(() => import('./screens/mailbox-message-screen.tsx'), 'MailboxMessageScreen'),
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  statusRoute,
  recordsRoute,
  signUpRoute,
  signInRoute,
  verifyEmailRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  accountRoute,
  adminRoute.addChildren([adminIndexRoute, adminUsersRoute, adminSessionsRoute, adminApiKeysRoute]),
  mailboxRoute.addChildren([mailboxIndexRoute, mailboxTemplatesRoute, mailboxMessageRoute]),
]);

// Every route gets its own error boundary, so a screen that fails (or whose chunk
// cannot be fetched) shows RouteError inside the shell, not in its place.
export const router = createRouter({ routeTree, defaultPreload: 'intent', defaultErrorComponent: RouteError });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
