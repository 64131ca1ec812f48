import { Loader2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button.tsx';

/** The part of an infinite query the button reads: React Query's `useInfiniteQuery` result fits. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Asks for the next page of a list; absent once there is none. While the page
 * loads it stays focusable (aria-disabled, not disabled, so focus is not lost),
 * shows a spinner, and a press is ignored.
 */
export function LoadMoreButton({ query, children }: { query: PagedQuery; children: ReactNode }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button
        type="button"
        variant="outline"
        aria-disabled={query.isFetchingNextPage}
        onClick={() => {
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      >
        {query.isFetchingNextPage ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
        {children}
      </Button>
    </div>
  );
}
