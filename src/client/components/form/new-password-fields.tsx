import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import { limits } from '../../../shared/constants.ts';
import { TextField } from './text-field.tsx';
import type { ZodForm } from './use-zod-form.ts';

/** A schema whose form holds a new password typed twice (`confirmPasswordSchema` with `passwordsMatch`). */
type WithNewPassword = z.ZodObject & { _zod: { input: { password: string; confirmPassword: string } } };

/**
 * A new password and its confirmation, with the same hint and autocomplete wherever a
 * person chooses a password (the verify and reset links, the first administrator).
 */
export function NewPasswordFields<S extends WithNewPassword>({
  form,
  passwordLabel = 'Password',
}: {
  form: ZodForm<S>;
  passwordLabel?: string;
}) {
  return (
    <>
      <TextField
        form={form}
        name={'password' as Path<z.input<S>>}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint={`At least ${limits.password.min} characters; a few words you remember work well.`}
      />
      <TextField
        form={form}
        name={'confirmPassword' as Path<z.input<S>>}
        label="Confirm password"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
