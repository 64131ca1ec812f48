import { signUpInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpc } from '../../trpc.ts';
import { HoneypotField } from './honeypot-field.tsx';

/**
 * `auth.signUp`: a name and an address; the password is chosen on the e-mailed
 * link's page. The server answers alike for a new and a taken address, so this
 * form never says which.
 */
export function SignUpForm({ labelledBy, onSent }: { labelledBy: string; onSent: (email: string) => void }) {
  const form = useZodForm(signUpInputSchema, { defaultValues: { name: '', email: '', website: '' } });
  const signUp = trpc.auth.signUp.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async (values) => {
    await signUp.mutateAsync(values);
    onSent(values.email);
  });

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit} className="grid gap-4">
      {formError ? <FormAlert error={formError} /> : null}
      <TextField form={form} name="name" label="Name" autoComplete="name" />
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <HoneypotField form={form} />
      <SubmitButton busy={isSubmitting} className="w-full">
        Sign up
      </SubmitButton>
    </form>
  );
}
