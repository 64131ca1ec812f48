import type { ReactNode } from 'react';
import { cn } from '../ui/cn.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useHydrated } from '../../use-hydrated.ts';

/**
 * A form's submit button: while a call is out it shows a spinner, keeps its label
 * (so nothing jumps and a screen reader still knows what it is) and is disabled, so a
 * second press cannot send the form twice. In a prerendered page it is disabled until
 * hydrated, so neither a press nor Enter sends the form without its code; it still looks
 * ready meanwhile (a page sent without a session waits for its first use, and a press
 * made then is kept and made once the app is in: first-use/early-presses.ts).
 */
export function SubmitButton({
  busy,
  children,
  className,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      disabled={busy || !hydrated}
      aria-busy={busy || undefined}
      className={cn(!hydrated && 'disabled:opacity-100', className)}
    >
      {busy ? <Spinner aria-hidden="true" role="presentation" aria-label={undefined} /> : null}
      {children}
    </Button>
  );
}
