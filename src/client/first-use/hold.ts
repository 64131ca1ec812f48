/**
 * A prerendered page sent to a visitor without a session waits for its first use before
 * it loads the app (entry.ts, docs/decisions/0045-app-on-first-use.md).
 */

/** What counts as using the page: pointing at it, touching it, a key, or focus on any of its controls. */
export const firstUseEvents = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** Resolves at the first of `firstUseEvents` on `target`, then stops listening. */
export function whenFirstUsed(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): Promise<void> {
  return new Promise((resolve) => {
    const used = () => {
      for (const type of firstUseEvents) target.removeEventListener(type, used, { capture: true });
      resolve();
    };
    for (const type of firstUseEvents) target.addEventListener(type, used, { capture: true, passive: true });
  });
}
