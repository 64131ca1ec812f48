import { useId } from 'react';
import type { z } from 'zod';
import { describedBy, FieldFrame } from './field-frame.tsx';
import { NativeSelect } from './native-select.tsx';
import { useFieldState, type FieldProps } from './use-field-state.ts';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps<S extends z.ZodObject> extends FieldProps<S> {
  /** An enum's values with their words, or records from a query (id and name). */
  options: readonly SelectOption[];
  /** While a query fetches the options: the field says so and cannot be opened yet. */
  loading?: boolean;
  /** The first, empty choice: what to do, not a value ('' fails the schema: "Choose one of the options."). */
  placeholder?: string;
}

/**
 * One choice from a list (native select, see native-select.tsx). The form holds the
 * option's value as a string; the schema (z.enum, or an id) judges it.
 */
export function SelectField<S extends z.ZodObject>({
  form,
  name,
  label,
  hint,
  options,
  loading = false,
  placeholder = 'Choose…',
}: SelectFieldProps<S>) {
  const id = useId();
  const { message, submitting } = useFieldState(form, name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={message}>
      <NativeSelect
        id={id}
        disabled={submitting || loading}
        aria-busy={loading || undefined}
        {...describedBy(id, hint, message)}
        {...form.register(name)}
      >
        <option value="">{loading ? 'Loading…' : placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FieldFrame>
  );
}
