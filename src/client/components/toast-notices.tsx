import { lazy, Suspense } from 'react';

// sonner is not needed for first paint: notices raised before it loads wait in notices.ts.
const NoticeToaster = lazy(() => import('./notice-toaster.tsx'));

/** Where `notices.success/info/error` appear (as sonner toasts), for the whole app. */
export function ToastNotices() {
  return (
    <Suspense fallback={null}>
      <NoticeToaster />
    </Suspense>
  );
}
