import { Link } from '../../router/router.tsx';
import { limits } from '../../../shared/constants.ts';
import { resetPasswordInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpc } from '../../trpc.ts';

/** The person types only the password; the token comes from the link. */
const passwordOnly = resetPasswordInputSchema.pick({ password: true });

/** `auth.resetPassword`. A used or expired link (INVALID_TOKEN) offers a new one. */
export function ResetPasswordForm({
  token,
  labelledBy,
  onReset,
}: {
  token: string;
  labelledBy: string;
  onReset: () => void;
}) {
  const form = useZodForm(passwordOnly, { defaultValues: { password: '' } });
  const reset = trpc.auth.resetPassword.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async ({ password }) => {
    await reset.mutateAsync({ token, password });
    onReset();
  });

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit}>
      {formError ? <ErrorNotice error={formError} /> : null}
      {formError?.code === 'INVALID_TOKEN' ? (
        <p>
          <Link to="/forgot-password">Ask for a new link</Link>
        </p>
      ) : null}
      <TextField
        form={form}
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${limits.password.min} characters.`}
      />
      <SubmitButton busy={isSubmitting}>Set the new password</SubmitButton>
    </form>
  );
}
