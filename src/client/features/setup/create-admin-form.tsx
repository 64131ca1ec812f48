import { limits } from '../../../shared/constants.ts';
import { createAdminFieldsSchema } from '../../../shared/schemas/setup.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpc } from '../../trpc.ts';
import { isSetupLinkProblem, SetupLinkProblem } from './setup-link-problem.tsx';

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
  const form = useZodForm(createAdminFieldsSchema, { defaultValues: { name: '', email: '', password: '' } });
  const createAdmin = trpc.setup.createAdmin.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async (values) => {
    await createAdmin.mutateAsync({ ...values, token });
    await onCreated();
  });

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit}>
      {formError && isSetupLinkProblem(formError) ? (
        <SetupLinkProblem error={formError} />
      ) : formError ? (
        <ErrorNotice error={formError} />
      ) : null}
      <TextField form={form} name="name" label="Name" autoComplete="name" />
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <TextField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${limits.password.min} characters; a few words you remember work well.`}
      />
      <SubmitButton busy={isSubmitting}>Create the administrator</SubmitButton>
    </form>
  );
}
