import { useId } from 'react';
import { useFormState, type Path } from 'react-hook-form';
import type { z } from 'zod';
import type { ZodForm } from './use-zod-form.ts';

interface CheckboxGroupProps<S extends z.ZodObject> {
  form: ZodForm<S>;
  /** A field whose schema is an array of the options' values. */
  name: Path<z.input<S>>;
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
}

/**
 * Checkboxes for a list field: a fieldset whose legend names the group, with its
 * hint and error read with it (aria-describedby), as TextField does for one input.
 */
export function CheckboxGroup<S extends z.ZodObject>({ form, name, legend, hint, options }: CheckboxGroupProps<S>) {
  const id = useId();
  const { error } = form.getFieldState(name, useFormState({ control: form.control, name }));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error?.message ? errorId : null].filter(Boolean).join(' ');

  return (
    <fieldset className="field fieldset" aria-describedby={describedBy || undefined}>
      <legend className="field-label">{legend}</legend>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {options.map((option) => (
        <label key={option.value} className="checkbox">
          <input type="checkbox" value={option.value} {...form.register(name)} />
          {option.label}
        </label>
      ))}
      {error?.message ? (
        <p id={errorId} className="field-error">
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}
