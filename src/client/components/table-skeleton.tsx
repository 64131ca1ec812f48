import { Skeleton } from './ui/skeleton.tsx';

/** Where a table will be while it loads: a few grey rows, and words for screen readers. */
export function TableSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="space-y-2 rounded-md border p-3">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-4 w-40" />
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-9 w-full" />
      ))}
    </div>
  );
}
