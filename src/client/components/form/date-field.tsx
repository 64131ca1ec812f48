import { useId } from 'react';
import type { z } from 'zod';
import { Input } from '../ui/input.tsx';
import { describedBy, FieldFrame } from './field-frame.tsx';
import { useFieldState, type FieldProps } from './use-field-state.ts';

/**
 * A calendar day: the browser's date input (a phone's own picker), which holds
 * 'YYYY-MM-DD' whatever the display; the schema's calendarDate() checks the day.
 */
export function DateField<S extends z.ZodObject>({
  form,
  name,
  label,
  hint,
  min,
  max,
}: FieldProps<S> & { min?: string; max?: string }) {
  const id = useId();
  const { message, submitting } = useFieldState(form, name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={message}>
      <Input
        id={id}
        type="date"
        min={min}
        max={max}
        readOnly={submitting}
        {...describedBy(id, hint, message)}
        className="max-w-56"
        {...form.register(name)}
      />
    </FieldFrame>
  );
}
