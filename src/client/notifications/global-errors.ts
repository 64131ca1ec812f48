import { MutationCache, QueryCache } from '@tanstack/react-query';
import type { NotificationStore } from './notification-store.ts';
import type { reportError as ReportError } from './report-error.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The screen shows this mutation's errors itself (a form), so no toast is raised. */
      errorsShownInline?: boolean;
    };
  }
}

/**
 * The error reporter and the catalogue it reads load after the first paint
 * (preloadErrorReporter, called by main.tsx once the page is idle): errors are rare
 * and the first chunk has a budget (decision 0027).
 */
const loadReporter = () => import('./report-error.ts');

export function preloadErrorReporter(): void {
  void loadReporter();
}

function reportError(...args: Parameters<typeof ReportError>): void {
  void loadReporter().then(({ reportError: report }) => {
    report(...args);
  });
}

/** The caches for the app's QueryClient, with report-error.ts's `reportError` as their global `onError`. */
export function createCaches(store: NotificationStore) {
  return {
    queryCache: new QueryCache({
      onError: (error) => {
        reportError(store, error, { kind: 'query' });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        reportError(store, error, {
          kind: 'mutation',
          errorsShownInline: mutation.meta?.errorsShownInline === true,
        });
      },
    }),
  };
}
