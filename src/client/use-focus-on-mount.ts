import { useEffect, useRef } from 'react';

/**
 * A ref for a heading that replaces a form's screen ("Check your e-mail"): focus
 * moves to it when it appears, so screen-reader and keyboard users start there.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
