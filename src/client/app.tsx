import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { StrictMode, useState } from 'react';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { AppShell } from './components/app-shell.tsx';
import { RouteError } from './components/route-error.tsx';
import { shouldRetry } from './errors/retryable.ts';
import { createCaches } from './notifications/global-errors.ts';
import { createNotificationStore } from './notifications/notification-store.ts';
import { NotificationsContext } from './notifications/notifications-context.ts';
import { createAppRouter, Router } from './router/router.tsx';
import { notFoundScreen, routes } from './routes.tsx';
import { createTrpcClient, trpc } from './trpc.ts';
import { KnownViewer } from './viewer/known-viewer.ts';

/** The router over the app's route table; `history` only for the build's prerender. */
export const createRouter = (options?: Parameters<typeof createAppRouter>[1]) =>
  createAppRouter({ routes, shell: AppShell, notFound: notFoundScreen, error: RouteError }, options);

function App({ router }: { router: AnyRouter }) {
  const [notifications] = useState(createNotificationStore);
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // Errors no screen handles (signed out, a failed action nobody shows) go to app-wide notices.
        ...createCaches(notifications),
        defaultOptions: {
          queries: {
            retry: shouldRetry,
            refetchOnWindowFocus: false,
          },
        },
      }),
  );
  const [trpcClient] = useState(createTrpcClient);
  return (
    <NotificationsContext value={notifications}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Router router={router} />
        </QueryClientProvider>
      </trpc.Provider>
    </NotificationsContext>
  );
}

/**
 * The whole app, as the browser renders it and as the build prerenders it (prerender.tsx):
 * one tree for both, so the prerendered markup is what the browser's first render makes
 * and hydrates without a mismatch. `signedOut`: the page is known to be opened by someone
 * signed out (known-viewer.ts).
 */
export function AppRoot({ router, signedOut = false }: { router: AnyRouter; signedOut?: boolean }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <KnownViewer value={signedOut ? null : undefined}>
          <App router={router} />
        </KnownViewer>
      </ErrorBoundary>
    </StrictMode>
  );
}
