import { signInInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpc } from '../../trpc.ts';
import { HoneypotField } from './honeypot-field.tsx';
import { ResendConfirmation } from './resend-confirmation.tsx';

/**
 * `auth.signIn`: INVALID_CREDENTIALS, EMAIL_NOT_VERIFIED and ACCOUNT_DISABLED show the
 * catalogue's words; an unconfirmed address is offered a new confirmation link.
 */
export function SignInForm({ labelledBy, onSignedIn }: { labelledBy: string; onSignedIn: () => Promise<void> }) {
  const form = useZodForm(signInInputSchema, { defaultValues: { email: '', password: '', website: '' } });
  const signIn = trpc.auth.signIn.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async (values) => {
    await signIn.mutateAsync(values);
    await onSignedIn();
  });

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit} className="grid gap-4">
      {formError ? (
        <FormAlert error={formError}>
          {formError.code === 'EMAIL_NOT_VERIFIED' ? (
            <div className="mt-2">
              <ResendConfirmation email={form.getValues('email')} />
            </div>
          ) : null}
        </FormAlert>
      ) : null}
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <TextField form={form} name="password" label="Password" type="password" autoComplete="current-password" />
      <HoneypotField form={form} />
      <SubmitButton busy={isSubmitting} className="w-full">
        Sign in
      </SubmitButton>
    </form>
  );
}
