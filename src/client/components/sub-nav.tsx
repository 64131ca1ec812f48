import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A section's own navigation, as tabs-like links under the screen's heading: the current
 * one underlined (aria-current, set by each Link), the row scrolling sideways on a
 * phone instead of wrapping, scrolled at first so the current one shows.
 */
export function SubNav({ label, children }: { label: string; children: ReactNode }) {
  const nav = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const row = nav.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current) return;
    // Sideways only (scrollIntoView could move the page too).
    const box = row.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    if (tab.right > box.right) row.scrollLeft += tab.right - box.right;
    else if (tab.left < box.left) row.scrollLeft -= box.left - tab.left;
  }, []);
  return (
    <nav ref={nav} aria-label={label} className="-mx-1 mb-6 overflow-x-auto border-b">
      <ul className="flex min-w-max gap-1 px-1">{children}</ul>
    </nav>
  );
}

/** The classes of a SubNav link; `aria-current="page"` marks the current one. */
export const subNavLinkClass =
  'inline-flex h-10 items-center border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-muted-foreground no-underline transition-colors hover:text-foreground focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none aria-[current=page]:border-primary aria-[current=page]:text-foreground';
