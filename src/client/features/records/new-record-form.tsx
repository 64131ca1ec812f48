import { useState } from 'react';
import { limits } from '../../../shared/constants.ts';
import { createRecordInputSchema } from '../../../shared/schemas/records.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { applyServerErrors } from '../../components/form/apply-server-errors.ts';
import { TextField } from '../../components/form/text-field.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { toClientError, type ClientError } from '../../errors/to-client-error.ts';
import { trpc } from '../../trpc.ts';

/**
 * Creates a record through `records.create`, checked first by the same schema the
 * server uses. The operation is a placeholder, so today the server answers
 * NOT_IMPLEMENTED, which the form shows with its reference.
 */
export function NewRecordForm() {
  const form = useZodForm(createRecordInputSchema, { defaultValues: { name: '' } });
  const create = trpc.records.create.useMutation({ meta: { errorsShownInline: true } });
  const [formError, setFormError] = useState<ClientError | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    try {
      const record = await create.mutateAsync(values);
      form.reset();
      setCreated(record.name);
    } catch (error) {
      setFormError(applyServerErrors(form, toClientError(error)));
    }
  });

  return (
    <form
      noValidate
      aria-labelledby="new-record-title"
      onSubmit={(event) => {
        // The button stays focusable while a call is out (aria-disabled), so a second press is ignored here.
        if (form.formState.isSubmitting) {
          event.preventDefault();
          return;
        }
        // A new attempt replaces the last answer, even one the client's own check stops.
        setFormError(null);
        setCreated(null);
        void submit(event);
      }}
    >
      <h2 id="new-record-title">New record</h2>
      {formError ? <ErrorNotice error={formError} /> : null}
      <TextField form={form} name="name" label="Name" hint={`Up to ${limits.text.short} characters.`} />
      <button type="submit" className="button" aria-disabled={form.formState.isSubmitting}>
        Create record
      </button>
      <p role="status" className="form-status">
        {created ? `Created “${created}”.` : null}
      </p>
    </form>
  );
}
