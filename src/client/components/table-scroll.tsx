import type { ReactNode } from 'react';

/**
 * Lets a wide table scroll sideways on a narrow screen instead of the whole page.
 * It is focusable and named after the table's caption, so keyboard users can
 * scroll it too (WCAG 2.1.1).
 */
export function TableScroll({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      {children}
    </div>
  );
}
