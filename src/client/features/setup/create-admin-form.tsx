import { confirmPasswordSchema, passwordsMatch, passwordsMismatch } from '../../../shared/schemas/auth.schema.ts';
import { createAdminFieldsSchema } from '../../../shared/schemas/setup.schema.ts';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { NewPasswordFields } from '../../components/form/new-password-fields.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpc } from '../../trpc.ts';
import { isSetupLinkProblem, SetupLinkProblem } from './setup-link-problem.tsx';

/** The server's fields, and the password typed twice (checked here; the server takes one). */
const createAdminFormSchema = createAdminFieldsSchema
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine(passwordsMatch, passwordsMismatch);

/**
 * `setup.createAdmin`: the first administrator's name, e-mail and password, sent with
 * the link's token; the server signs them in. A link that stopped working meanwhile
 * (another tab finished setup, the server restarted) is explained with a way on.
 */
export function CreateAdminForm({
  token,
  labelledBy,
  onCreated,
}: {
  token: string;
  labelledBy: string;
  onCreated: () => Promise<void>;
}) {
  const form = useZodForm(createAdminFormSchema, {
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const createAdmin = trpc.setup.createAdmin.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async (values) => {
    const { confirmPassword: _confirmed, ...fields } = values;
    await createAdmin.mutateAsync({ ...fields, token });
    await onCreated();
  });

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit} className="grid gap-4">
      {formError && isSetupLinkProblem(formError) ? (
        <SetupLinkProblem error={formError} />
      ) : formError ? (
        <FormAlert error={formError} />
      ) : null}
      <TextField form={form} name="name" label="Name" autoComplete="name" />
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <NewPasswordFields form={form} />
      <SubmitButton busy={isSubmitting} className="w-full">
        Create the administrator
      </SubmitButton>
    </form>
  );
}
