import { useFormState, type Path } from 'react-hook-form';
import type { z } from 'zod';
import type { ZodForm } from './use-zod-form.ts';

/** What every field of the kit takes: its form, its path in the schema, and the words around it. */
export interface FieldProps<S extends z.ZodObject> {
  form: ZodForm<S>;
  name: Path<z.input<S>>;
  label: string;
  /** Shown under the label and read with the control. */
  hint?: string;
}

/**
 * One field's error message and whether the form is submitting: then no control may
 * change under the call that is out. Text-like inputs become read-only rather than
 * disabled, so the server's error can still move focus to them (apply-server-errors.ts:
 * a disabled input cannot take focus); selects and checkboxes, which have no read-only,
 * are disabled. Subscribes to this field's state only, so typing in one field does not
 * redraw the others.
 */
export function useFieldState<S extends z.ZodObject>(form: ZodForm<S>, name: Path<z.input<S>>) {
  const state = useFormState({ control: form.control, name });
  const { error } = form.getFieldState(name, state);
  return { message: error?.message, submitting: state.isSubmitting };
}
