import { useId } from 'react';
import type { z } from 'zod';
import { useFieldState, type FieldProps } from './use-field-state.ts';

interface CheckboxGroupProps<S extends z.ZodObject> extends Omit<FieldProps<S>, 'label'> {
  /** A field whose schema is an array of the options' values. */
  legend: string;
  options: readonly { value: string; label: string }[];
}

/**
 * Checkboxes for a list field: a fieldset whose legend names the group, with its
 * hint and error read with it (aria-describedby), as TextField does for one input.
 * Native checkboxes (react-hook-form collects their values into the array), drawn
 * in the theme's primary colour.
 */
export function CheckboxGroup<S extends z.ZodObject>({ form, name, legend, hint, options }: CheckboxGroupProps<S>) {
  const id = useId();
  const { message, submitting } = useFieldState(form, name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ');

  return (
    <fieldset
      className="grid gap-2"
      disabled={submitting}
      aria-describedby={describedBy || undefined}
      data-invalid={message ? true : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{legend}</legend>
      {hint ? (
        <p id={hintId} className="my-0 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {options.map((option) => (
        <label key={option.value} className="flex min-h-6 items-center gap-2 text-sm">
          <input
            type="checkbox"
            value={option.value}
            aria-invalid={message ? true : undefined}
            className="size-4 shrink-0 accent-primary disabled:cursor-not-allowed disabled:opacity-50"
            {...form.register(name)}
          />
          {option.label}
        </label>
      ))}
      {message ? (
        <p id={errorId} className="my-0 text-sm text-destructive">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
