import { useEffect } from 'react';
import { product } from '../shared/product.ts';

/** Sets the tab title to "<screen> · <product>", the first thing a screen reader announces. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = `${screen} · ${product.name}`;
  }, [screen]);
}
