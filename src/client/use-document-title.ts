import { createContext, useContext, useEffect } from 'react';
import { product } from '../shared/product.ts';

/** A screen's tab title: "<screen> · <product>", the first thing a screen reader announces. */
const documentTitle = (screen: string) => `${screen} · ${product.name}`;

/**
 * Where a render without a document reports its screen's title: the build's prerender
 * (prerender.tsx) provides it and puts the title in the page's <title>, so the page is
 * named before any script has run. In the browser nobody provides it.
 */
export const RenderedTitle = createContext<((title: string) => void) | null>(null);

/** Sets the tab title to "<screen> · <product>". */
export function useDocumentTitle(screen: string): void {
  useContext(RenderedTitle)?.(documentTitle(screen));
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}
