import { requestPasswordResetInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpc } from '../../trpc.ts';
import { HoneypotField } from './honeypot-field.tsx';

/** `auth.requestPasswordReset`: the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ labelledBy, onSent }: { labelledBy: string; onSent: (email: string) => void }) {
  const form = useZodForm(requestPasswordResetInputSchema, { defaultValues: { email: '', website: '' } });
  const request = trpc.auth.requestPasswordReset.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async (values) => {
    await request.mutateAsync(values);
    onSent(values.email);
  });

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit} className="grid gap-4">
      {formError ? <FormAlert error={formError} /> : null}
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <HoneypotField form={form} />
      <SubmitButton busy={isSubmitting} className="w-full">
        Send the link
      </SubmitButton>
    </form>
  );
}
