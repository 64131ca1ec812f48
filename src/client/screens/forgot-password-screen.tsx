import { Link } from '../router/router.tsx';
import { useId, useState } from 'react';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** Asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot your password');
  const headingId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>Forgot your password</h1>
      <p>Enter the address you signed up with; we will send a link to choose a new password.</p>
      <ForgotPasswordForm labelledBy={headingId} onSent={setSentTo} />
      <p role="status" className="form-status">
        {sentTo
          ? `If an account uses ${sentTo}, a link to reset its password is on its way. It is valid for one hour.`
          : null}
      </p>
      <p>
        Remembered it? <Link to="/sign-in">Sign in</Link>
      </p>
    </section>
  );
}
