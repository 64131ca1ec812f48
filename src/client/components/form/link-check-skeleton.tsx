import { Skeleton } from '../ui/skeleton.tsx';

/** What a link's screen shows while the server checks its token: the form's shape, and a status for screen readers. */
export function LinkCheckSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <p className="sr-only" role="status">
        Checking the link…
      </p>
      <Skeleton className="h-9" />
      <Skeleton className="h-9" />
      <Skeleton className="h-9" />
    </div>
  );
}
