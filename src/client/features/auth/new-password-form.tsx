import { useEffect } from 'react';
import { limits } from '../../../shared/constants.ts';
import { newPasswordFormSchema } from '../../../shared/schemas/auth.schema.ts';
import { FormAlert } from '../../components/form/form-alert.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
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
      <TextField
        form={form}
        name="password"
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint={`At least ${limits.password.min} characters; a few words you remember work well.`}
      />
      <TextField
        form={form}
        name="confirmPassword"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton busy={isSubmitting} className="w-full">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
