import type { ReactNode } from 'react';
import { Label } from '../ui/label.tsx';

/**
 * Label, hint, control and error of one field, in the kit's spacing (`my-0`: the old
 * stylesheet's paragraph margins would push hint and error away from their field). The control gets
 * `describedBy` (hint and error ids) and `invalid` from `fieldIds`, so a screen reader
 * reads the hint and the error on focus.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2" data-invalid={error ? true : undefined}>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={`${id}-hint`} className="my-0 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="my-0 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes tying a control to its FieldFrame's hint and error. */
export function describedBy(id: string, hint: string | undefined, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined } as const;
}
