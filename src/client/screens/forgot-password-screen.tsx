import { Link } from '../router/router.tsx';
import { useId } from 'react';
import { CenteredCard } from '../components/centered-card.tsx';
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx';
import { notices } from '../notifications/notices.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/** Asks for a reset link; the answer (a toast) never says whether the address has an account. */
export function ForgotPasswordScreen() {
  useDocumentTitle('Forgot your password');
  const headingId = useId();

  return (
    <CenteredCard
      headingId={headingId}
      title="Forgot your password"
      description="Enter the address you signed up with; we will send a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/sign-in">Sign in</Link>
        </p>
      }
    >
      <ForgotPasswordForm
        labelledBy={headingId}
        onSent={(email) => {
          notices.success(
            'Check your e-mail',
            `If an account uses ${email}, a link to reset its password is on its way. It is valid for one hour.`,
          );
        }}
      />
    </CenteredCard>
  );
}
