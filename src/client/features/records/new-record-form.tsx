import { limits } from '../../../shared/constants.ts';
import { createRecordInputSchema } from '../../../shared/schemas/records.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpc } from '../../trpc.ts';

/**
 * Creates a record through `records.create`, checked first by the same schema the
 * server uses. The operation is a placeholder, so today the server answers
 * NOT_IMPLEMENTED, which the form shows with its reference.
 */
export function NewRecordForm() {
  const form = useZodForm(createRecordInputSchema, { defaultValues: { name: '' } });
  const create = trpc.records.create.useMutation({ meta: { errorsShownInline: true } });
  // The result is the created record's name, for the status line.
  const { onSubmit, formError, result, isSubmitting } = useFormSubmit(form, async (values) => {
    const record = await create.mutateAsync(values);
    form.reset();
    return record.name;
  });

  return (
    <form noValidate aria-labelledby="new-record-title" onSubmit={onSubmit}>
      <h2 id="new-record-title">New record</h2>
      {formError ? <ErrorNotice error={formError} /> : null}
      <TextField form={form} name="name" label="Name" hint={`Up to ${limits.text.short} characters.`} />
      <SubmitButton busy={isSubmitting}>Create record</SubmitButton>
      <p role="status" className="form-status">
        {result === null ? null : `Created “${result}”.`}
      </p>
    </form>
  );
}
