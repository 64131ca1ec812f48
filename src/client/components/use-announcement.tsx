import { useCallback, useRef, useState } from 'react';

/**
 * A polite status line for the outcome of an action in a list ("The key is
 * revoked"). When the action removed the control that had focus (the row's own
 * button), focus moves to the message, so keyboard users are not sent back to the
 * top of the page and hear what happened.
 */
export function useAnnouncement() {
  const ref = useRef<HTMLParagraphElement>(null);
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string, options: { focus?: boolean } = {}) => {
    setMessage(text);
    if (options.focus) ref.current?.focus();
  }, []);
  const region = (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className="min-h-5 text-sm text-muted-foreground outline-none empty:min-h-0"
    >
      {message}
    </p>
  );
  return { announce, region };
}
