import { useId } from 'react';
import type { z } from 'zod';
import { Textarea } from '../ui/textarea.tsx';
import { describedBy, FieldFrame } from './field-frame.tsx';
import { textRulesOf } from './schema-fields.ts';
import { useFieldState, type FieldProps } from './use-field-state.ts';

/** Free text over several lines; it grows with its content, and its length limit comes from the schema. */
export function TextareaField<S extends z.ZodObject>({
  form,
  name,
  label,
  hint,
  rows = 4,
}: FieldProps<S> & { rows?: number }) {
  const id = useId();
  const { message, submitting } = useFieldState(form, name);
  const { maxLength, required } = textRulesOf(form.schema, name);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={message}>
      <Textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        aria-required={required || undefined}
        readOnly={submitting}
        {...describedBy(id, hint, message)}
        {...form.register(name)}
      />
    </FieldFrame>
  );
}
