import { signInInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import type { ClientError } from '../../errors/to-client-error.ts';
import { trpc } from '../../trpc.ts';
import { HoneypotField } from './honeypot-field.tsx';

/**
 * On sign-in, FORBIDDEN can only mean a disabled account; the catalogue's general
 * wording ("permission to do this") would not tell the person what happened.
 */
function inSignInTerms(error: ClientError): ClientError {
  return error.code === 'FORBIDDEN'
    ? { ...error, message: 'This account is disabled. If you think that is a mistake, ask an administrator.' }
    : error;
}

/** `auth.signIn`: INVALID_CREDENTIALS and EMAIL_NOT_VERIFIED show the catalogue's words. */
export function SignInForm({ labelledBy, onSignedIn }: { labelledBy: string; onSignedIn: () => Promise<void> }) {
  const form = useZodForm(signInInputSchema, { defaultValues: { email: '', password: '', website: '' } });
  const signIn = trpc.auth.signIn.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async (values) => {
    await signIn.mutateAsync(values);
    await onSignedIn();
  });

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit}>
      {formError ? <ErrorNotice error={inSignInTerms(formError)} /> : null}
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
      <HoneypotField form={form} />
      <SubmitButton busy={isSubmitting}>Sign in</SubmitButton>
    </form>
  );
}
