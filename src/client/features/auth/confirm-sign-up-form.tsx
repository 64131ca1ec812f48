import { limits } from '../../../shared/constants.ts';
import { verifyEmailInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Link } from '../../router/router.tsx';
import { trpc } from '../../trpc.ts';

/** The person types only the password; the token comes from the link. */
const passwordOnly = verifyEmailInputSchema.pick({ password: true });

/**
 * `auth.verifyEmail`: the password is chosen here, by whoever opened the link from
 * the mailbox, never at sign-up (so an account someone else started with this
 * address cannot keep their password). Success signs the person in.
 */
export function ConfirmSignUpForm({
  token,
  labelledBy,
  onConfirmed,
}: {
  token: string;
  labelledBy: string;
  onConfirmed: () => Promise<void>;
}) {
  const form = useZodForm(passwordOnly, { defaultValues: { password: '' } });
  const confirm = trpc.auth.verifyEmail.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async ({ password }) => {
    await confirm.mutateAsync({ token, password });
    await onConfirmed();
  });
  // A used, expired or altered link: no retry mends it, a new one does.
  if (formError?.code === 'INVALID_TOKEN') {
    return (
      <div role="alert" className="panel panel-error">
        <p>
          This link is invalid, has expired or was used already: links last 24 hours and work once. If you have
          confirmed your address already, sign in; otherwise sign up again for a new link.
        </p>
        <p>
          <Link to="/sign-in">Sign in</Link> · <Link to="/sign-up">Sign up again</Link>
        </p>
      </div>
    );
  }

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit}>
      {formError ? <ErrorNotice error={formError} /> : null}
      <TextField
        form={form}
        name="password"
        label="Choose a password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${limits.password.min} characters; a few words you remember work well.`}
      />
      <SubmitButton busy={isSubmitting}>Confirm and sign in</SubmitButton>
    </form>
  );
}
