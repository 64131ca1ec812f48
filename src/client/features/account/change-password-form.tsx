import { useId } from 'react';
import { limits } from '../../../shared/constants.ts';
import { changePasswordInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { trpc } from '../../trpc.ts';

/**
 * `auth.changePassword`. A wrong current password comes back as a field error;
 * the server ends every other session, so the sessions list is asked for again.
 */
export function ChangePasswordForm() {
  const headingId = useId();
  const form = useZodForm(changePasswordInputSchema, { defaultValues: { currentPassword: '', newPassword: '' } });
  const utils = trpc.useUtils();
  const change = trpc.auth.changePassword.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, result, isSubmitting } = useFormSubmit(form, async (values) => {
    await change.mutateAsync(values);
    form.reset();
    await utils.auth.sessions.list.invalidate();
    return 'changed' as const;
  });

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={onSubmit}>
      <h2 id={headingId}>Change your password</h2>
      {formError ? <ErrorNotice error={formError} /> : null}
      <TextField
        form={form}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <TextField
        form={form}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${limits.password.min} characters.`}
      />
      <SubmitButton busy={isSubmitting}>Change password</SubmitButton>
      <p role="status" className="form-status">
        {result === 'changed' ? 'Your password is changed. Your other sessions were signed out.' : null}
      </p>
    </form>
  );
}
