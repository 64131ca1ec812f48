import { useId } from 'react';
import type { z } from 'zod';
import { useFieldState, type FieldProps } from './use-field-state.ts';

/**
 * One yes-or-no field: a native checkbox (react-hook-form holds `true` or `false`)
 * with its label beside it, and its hint and error read with it, as CheckboxGroup does
 * for a list.
 */
export function CheckboxField<S extends z.ZodObject>({ form, name, label, hint }: FieldProps<S>) {
  const id = useId();
  const { message, submitting } = useFieldState(form, name);
  const describedBy = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="grid gap-2" data-invalid={message ? true : undefined}>
      <label htmlFor={id} className="flex min-h-6 items-center gap-2 text-sm font-medium">
        <input
          id={id}
          type="checkbox"
          disabled={submitting}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy || undefined}
          className="size-4 shrink-0 accent-primary disabled:cursor-not-allowed disabled:opacity-50"
          {...form.register(name)}
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="my-0 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${id}-error`} className="my-0 text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
