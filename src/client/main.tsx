// First: every schema built later must find zod's eval-free setting.
import './zod-without-eval.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { shouldRetry } from './errors/retryable.ts';
import { createCaches, preloadErrorReporter } from './notifications/global-errors.ts';
import { createNotificationStore } from './notifications/notification-store.ts';
import { NotificationsContext } from './notifications/notifications-context.ts';
import { AppShell } from './components/app-shell.tsx';
import { RouteError } from './components/route-error.tsx';
import { Router } from './router/router.tsx';
import { notFoundScreen, routes } from './routes.tsx';
import { createTrpcClient, trpc } from './trpc.ts';
import './styles.css';

function App() {
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
          <Router routes={routes} shell={AppShell} notFound={notFoundScreen} error={RouteError} />
        </QueryClientProvider>
      </trpc.Provider>
    </NotificationsContext>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>,
);

// The error reporter is not in the first chunk; fetch it once the page is idle, so an
// error later (even offline) finds it loaded.
if ('requestIdleCallback' in window) requestIdleCallback(preloadErrorReporter);
else setTimeout(preloadErrorReporter, 1000);
