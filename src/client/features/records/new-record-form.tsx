import { limits } from '../../../shared/constants.ts';
import { createRecordInputSchema } from '../../../shared/schemas/records.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import type { ClientError } from '../../errors/to-client-error.ts';
import { notices } from '../../notifications/notices.ts';
import { trpc } from '../../trpc.ts';

/**
 * The server's NOT_IMPLEMENTED message names the operation, for developers; people
 * read what it means for them.
 */
function inProductWords(error: ClientError): ClientError {
  if (error.code !== 'NOT_IMPLEMENTED') return error;
  return {
    ...error,
    message: 'Creating records is not available yet: the product’s specification has not defined them.',
  };
}

/**
 * Creates a record, checked first by the same schema the server uses. The operation
 * is a placeholder, so today the server answers NOT_IMPLEMENTED, which the form shows.
 */
export function NewRecordForm() {
  const form = useZodForm(createRecordInputSchema, { defaultValues: { name: '' } });
  const create = trpc.records.create.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async (values) => {
    const record = await create.mutateAsync(values);
    form.reset();
    notices.success(`Created “${record.name}”.`);
    return record.name;
  });

  return (
    <form noValidate aria-labelledby="new-record-title" onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="new-record-title" className="text-lg font-semibold">
          New record
        </h2>
        <p className="text-sm text-muted-foreground">
          The name’s rule is already known, so you can try it: the server will say creating is not available yet.
        </p>
      </div>
      {formError ? <ErrorNotice error={inProductWords(formError)} /> : null}
      <TextField form={form} name="name" label="Name" hint={`Up to ${limits.text.short} characters.`} />
      <div>
        <SubmitButton busy={isSubmitting}>Create record</SubmitButton>
      </div>
    </form>
  );
}
