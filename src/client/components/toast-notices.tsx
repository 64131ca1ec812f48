import { lazy, Suspense } from 'react';
import { usePageIdle } from '../use-page-idle.ts';

// sonner is not needed for first paint: it loads once the page is idle, and notices
// raised before it has loaded wait in notices.ts.
const NoticeToaster = lazy(() => import('./notice-toaster.tsx'));

/** Where `notices.success/info/error` appear (as sonner toasts), for the whole app. */
export function ToastNotices() {
  if (!usePageIdle()) return null;
  return (
    <Suspense fallback={null}>
      <NoticeToaster />
    </Suspense>
  );
}
