import { useEffect, useState } from 'react';

let pageIdle = false;

/**
 * False until the browser first has nothing to do after this component mounted (then
 * true for good, for every component): code the first screen does not need (the
 * header's menus, the toaster) is fetched from then on, so it does not compete with
 * that screen's own chunks and rendering for the network and the CPU. A browser
 * without requestIdleCallback waits a moment instead.
 */
export function usePageIdle(): boolean {
  const [idle, setIdle] = useState(pageIdle);
  useEffect(() => {
    if (idle) return;
    const done = () => {
      pageIdle = true;
      setIdle(true);
    };
    if ('requestIdleCallback' in window) {
      // Never later than this, even on a page that is never idle.
      const id = requestIdleCallback(done, { timeout: 2000 });
      return () => {
        cancelIdleCallback(id);
      };
    }
    const id = setTimeout(done, 200);
    return () => {
      clearTimeout(id);
    };
  }, [idle]);
  return idle;
}
