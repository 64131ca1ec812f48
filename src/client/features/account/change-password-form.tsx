import { useId } from 'react';
import { limits } from '../../../shared/constants.ts';
import { changePasswordInputSchema } from '../../../shared/schemas/auth.schema.ts';
import { ErrorNotice } from '../../components/error-notice.tsx';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { useFormSubmit } from '../../components/form/use-form-submit.ts';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { notices } from '../../notifications/notices.ts';
import { trpc } from '../../trpc.ts';
import { useSessionChange } from '../../viewer/use-session-change.ts';

/**
 * `auth.changePassword`. A wrong current password comes back as a field error;
 * the server ends every other session, so the sessions list is asked for again.
 * Success is a toast.
 */
export function ChangePasswordForm() {
  const headingId = useId();
  const form = useZodForm(changePasswordInputSchema, { defaultValues: { currentPassword: '', newPassword: '' } });
  const utils = trpc.useUtils();
  const session = useSessionChange();
  const change = trpc.auth.changePassword.useMutation({ meta: { errorsShownInline: true } });
  const { onSubmit, formError, isSubmitting } = useFormSubmit(form, async (values) => {
    // The server issues this tab a new session and ends the old one, which a live stream rode on.
    await session.changing(() => change.mutateAsync(values));
    form.reset();
    // A toast, not a paragraph that would stay on screen after the next action.
    notices.success('Password changed', 'Your other sessions were signed out.');
    await utils.auth.sessions.list.invalidate();
  });

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={onSubmit} className="grid max-w-md gap-4">
      <h2 id={headingId} className="text-base font-semibold">
        Change your password
      </h2>
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
      <div>
        <SubmitButton busy={isSubmitting}>Change password</SubmitButton>
      </div>
    </form>
  );
}
