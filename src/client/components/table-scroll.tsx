import { ArrowRightIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cn } from './ui/cn.ts';

interface TableScrollProps {
  /** The table's name: its caption, which also names the scrolling region. */
  caption: ReactNode;
  /** Hides the caption from sight (still the table's name) where a heading already says it. */
  hideCaption?: boolean;
  /** The table's rows: TableHeader and TableBody from components/ui/table. */
  children: ReactNode;
  /** The region, for focus to land on when a row's action removed the row. */
  regionRef?: RefObject<HTMLDivElement | null>;
}

/**
 * A table that scrolls sideways inside itself when it is wider than the screen (a phone),
 * never the page. While columns are hidden to the right a shadow on that edge and
 * "Scroll for more" say so. The region is focusable and named after the caption, so
 * keyboard users can scroll it too (WCAG 2.1.1).
 */
export function TableScroll({ caption, hideCaption = false, children, regionRef }: TableScrollProps) {
  const captionId = useId();
  const ownRef = useRef<HTMLDivElement | null>(null);
  const scroller = regionRef ?? ownRef;
  const [more, setMore] = useState(false);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      // A pixel of slack: zoomed screens report fractional widths.
      setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [scroller]);

  return (
    <div className="relative min-w-0">
      <div
        ref={scroller}
        // Relative, so the table's visually hidden labels (absolutely placed) scroll and clip with
        // it instead of widening the page.
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className="relative w-full overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <table className="w-full caption-top text-sm">
          <caption
            id={captionId}
            className={cn('px-2 py-2 text-left text-sm text-muted-foreground', hideCaption && 'sr-only')}
          >
            {caption}
          </caption>
          {children}
        </table>
      </div>
      {/* The cue: a fade over the hidden columns' edge and words for those who do not see it. */}
      <div
        aria-hidden="true"
        className={cn(
          'pointer-events-none absolute inset-y-px right-px w-8 rounded-r-md bg-gradient-to-l from-background to-transparent transition-opacity',
          more ? 'opacity-100' : 'opacity-0',
        )}
      />
      {more ? (
        <p className="mt-1 flex items-center justify-end gap-1 text-xs text-muted-foreground">
          Scroll for more <ArrowRightIcon aria-hidden="true" className="size-3" />
        </p>
      ) : null}
    </div>
  );
}
