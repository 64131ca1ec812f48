import type { ReactNode } from 'react';

/** The part of an infinite query the button reads: React Query's `useInfiniteQuery` result fits. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Asks for the next page of a list; absent once there is none. While the page
 * loads it stays focusable (aria-disabled, not disabled, so focus is not lost)
 * and a press is ignored.
 */
export function LoadMoreButton({ query, children }: { query: PagedQuery; children: ReactNode }) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button"
      aria-disabled={query.isFetchingNextPage}
      onClick={() => {
        if (!query.isFetchingNextPage) void query.fetchNextPage();
      }}
    >
      {children}
    </button>
  );
}
