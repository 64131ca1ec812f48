import { useId } from 'react';
import { limits } from '../../../shared/constants.ts';
import { createApiKeyInputSchema } from '../../../shared/schemas/admin.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { PermissionCheckboxes } from './permission-checkboxes.tsx';

export type CreatedApiKey = RouterOutputs['admin']['apiKeys']['create'];

/** An empty expiry field means a key that never expires (the form starts with null, not ''). */
const daysOrNone = (value: unknown) => (value === null || value === '' ? null : Number(value));

/** `admin.apiKeys.create`: a name, a scope from the shared permission list, and an optional expiry. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const headingId = useId();
  const form = useZodForm(createApiKeyInputSchema, {
    defaultValues: { name: '', permissions: [], expiresInDays: null },
  });
  const utils = trpc.useUtils();
  const create = trpc.admin.apiKeys.create.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async (values) => {
    const created = await create.mutateAsync(values);
    // The mutation cache would keep the secret for minutes; the notice alone holds it.
    create.reset();
    form.reset();
    onCreated(created);
    await utils.admin.apiKeys.list.invalidate();
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-base font-semibold">
            Create an API key
          </h2>
        </CardTitle>
        <CardDescription>For internal scripts. The key is shown once, right after it is created.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-labelledby={headingId}
          onSubmit={onSubmit}
          className="grid grid-cols-[minmax(0,1fr)] gap-4"
        >
          {formError ? <ErrorNotice error={formError} /> : null}
          <TextField
            form={form}
            name="name"
            label="Name"
            hint={`What the key is for, e.g. “nightly report”. Up to ${limits.text.short} characters.`}
          />
          {/* Managing keys is for signed-in people only, so a key is never offered it. */}
          <PermissionCheckboxes form={form} />
          <TextField
            form={form}
            name="expiresInDays"
            label="Expires after (days)"
            type="number"
            min={1}
            max={365}
            setValueAs={daysOrNone}
            hint="From 1 to 365. Leave it empty for a key that never expires."
          />
          <div>
            <SubmitButton busy={isSubmitting}>Create key</SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
