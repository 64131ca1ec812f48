import { useEffect } from 'react';
import { newPasswordFormSchema } from '../../../shared/schemas/auth.schema.ts';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { NewPasswordFields } from '../../components/form/new-password-fields.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';

/**
 * A new password typed twice, for the verify and reset links' screens: the token comes
 * from the link; the two must match (`newPasswordFormSchema`, shared). A link that
 * stopped working meanwhile (INVALID_TOKEN) is the screen's to explain: `onLinkDead`.
 */
export function NewPasswordForm({
  labelledBy,
  submitLabel,
  passwordLabel,
  onSubmit: send,
  onLinkDead,
}: {
  labelledBy: string;
  submitLabel: string;
  passwordLabel: string;
  onSubmit: (password: string) => Promise<void>;
  onLinkDead: () => void;
}) {
  const form = useZodForm(newPasswordFormSchema, { defaultValues: { password: '', confirmPassword: '' } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async ({ password }) => {
    await send(password);
  });
  const linkDead = formError?.code === 'INVALID_TOKEN';
  useEffect(() => {
    if (linkDead) onLinkDead();
  }, [linkDead, onLinkDead]);

  return (
    <form noValidate aria-labelledby={labelledBy} onSubmit={onSubmit} className="grid gap-4">
      {formError && formError.code !== 'INVALID_TOKEN' ? <FormAlert error={formError} /> : null}
      <NewPasswordFields form={form} passwordLabel={passwordLabel} />
      <SubmitButton busy={isSubmitting} className="w-full">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
