import type { ReactNode } from 'react';

/** A form's submit button: it stays focusable while a call is out and says it is busy. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button" aria-disabled={busy}>
      {children}
    </button>
  );
}
