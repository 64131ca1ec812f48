import { useId } from 'react';
import type { z } from 'zod';
import { Input } from '../ui/input.tsx';
import { describedBy, FieldFrame } from './field-frame.tsx';
import { useFieldState, type FieldProps } from './use-field-state.ts';

/** An empty input is "no number" (undefined: the schema says "Required." or takes it as optional). */
const numberOrNothing = (value: unknown) => (value === '' || value === null ? undefined : Number(value));

interface NumberFieldProps<S extends z.ZodObject> extends FieldProps<S> {
  /** The browser's bounds and step (the spinner, the phone's keypad); the schema stays the judge. */
  min?: number;
  max?: number;
  step?: number | 'any';
}

/** A count or a quantity: the form holds a number (an empty input, undefined). For money use MoneyField. */
export function NumberField<S extends z.ZodObject>({
  form,
  name,
  label,
  hint,
  min,
  max,
  step = 1,
}: NumberFieldProps<S>) {
  const id = useId();
  const { message, submitting } = useFieldState(form, name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={message}>
      <Input
        id={id}
        type="number"
        inputMode={step === 1 ? 'numeric' : 'decimal'}
        min={min}
        max={max}
        step={step}
        readOnly={submitting}
        {...describedBy(id, hint, message)}
        {...form.register(name, { setValueAs: numberOrNothing })}
      />
    </FieldFrame>
  );
}
