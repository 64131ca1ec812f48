import { useState, type SyntheticEvent } from 'react';
import type { z } from 'zod';
import { toClientError, type ClientError } from '../../errors/to-client-error.ts';
import { applyServerErrors } from './apply-server-errors.ts';
import type { ZodForm } from './use-zod-form.ts';

/**
 * The submit handler every form shares: the schema checks first; the action's
 * failure puts field errors beside their fields and returns the rest as
 * `formError`, for an ErrorNotice. What the action returns on success is
 * `result` (null until then), for a form's status line ("Created …"). A press
 * while a call is out is ignored (buttons stay focusable with aria-disabled), and
 * a new attempt clears both answers, even one the client's own check stops.
 */
export function useFormSubmit<S extends z.ZodObject, R = void>(
  form: ZodForm<S>,
  action: (values: z.output<S>) => Promise<R>,
) {
  const [formError, setFormError] = useState<ClientError | null>(null);
  const [result, setResult] = useState<{ value: R } | null>(null);
  const submit = form.handleSubmit(async (values) => {
    try {
      setResult({ value: await action(values) });
    } catch (error) {
      setFormError(applyServerErrors(form, toClientError(error)));
    }
  });
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    if (form.formState.isSubmitting) {
      event.preventDefault();
      return;
    }
    setFormError(null);
    setResult(null);
    void submit(event);
  };
  return { onSubmit, formError, result: result ? result.value : null, isSubmitting: form.formState.isSubmitting };
}
