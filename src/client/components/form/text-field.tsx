import { useId, type HTMLInputTypeAttribute } from 'react';
import { useFormState, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { textRulesOf } from './schema-fields.ts';
import type { ZodForm } from './use-zod-form.ts';

interface TextFieldProps<S extends z.ZodObject> {
  form: ZodForm<S>;
  name: Path<z.input<S>>;
  label: string;
  /** Shown under the label and read with the input. */
  hint?: string;
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'email' | 'search' | 'tel' | 'url' | 'password' | 'number'>;
  autoComplete?: string;
  /** For number inputs: the browser's bounds (the schema stays the judge). */
  min?: number;
  max?: number;
  /** Turns the input's value (or the form's default) into the schema's input, e.g. '' into null for "none". */
  setValueAs?: (value: unknown) => unknown;
}

/**
 * A labelled text input bound to a `useZodForm` form. Its hint and its error are
 * tied to it with aria-describedby, so a screen reader reads them on focus, and its
 * length limit and "required" come from the schema.
 */
export function TextField<S extends z.ZodObject>({
  form,
  name,
  label,
  hint,
  type = 'text',
  autoComplete,
  min,
  max,
  setValueAs,
}: TextFieldProps<S>) {
  const id = useId();
  const { error } = form.getFieldState(name, useFormState({ control: form.control, name }));
  const { maxLength, required } = textRulesOf(form.schema, name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error?.message ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type={type}
        className="field-input"
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        autoComplete={autoComplete}
        min={min}
        max={max}
        {...form.register(name, setValueAs ? { setValueAs } : {})}
      />
      {error?.message ? (
        <p id={errorId} className="field-error">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
