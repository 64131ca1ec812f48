import { Link, useNavigate, useSearch } from '../router/router.tsx';
import { useId } from 'react';
import { ConfirmSignUpForm } from '../features/auth/confirm-sign-up-form.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSessionChange } from '../viewer/use-session-change.ts';

/**
 * Opened from the e-mailed link (`?token=…`): the person chooses their password,
 * which confirms the address and signs them in; the status screen follows,
 * replacing this address in the history so Back does not offer the token again.
 */
export function VerifyEmailScreen() {
  useDocumentTitle('Confirm your e-mail');
  const headingId = useId();
  const { token } = useSearch('/verify-email');
  const session = useSessionChange();
  const navigate = useNavigate();

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>Confirm your e-mail</h1>
      {token ? (
        <>
          <p>Choose the password for your account to finish signing up.</p>
          <ConfirmSignUpForm
            token={token}
            labelledBy={headingId}
            onConfirmed={async () => {
              await session.signedIn();
              navigate({ to: '/status', replace: true });
            }}
          />
        </>
      ) : (
        <div role="alert" className="panel panel-error">
          <p>This link is incomplete: open the link from the e-mail again.</p>
          <p>
            <Link to="/sign-in">Sign in</Link>
          </p>
        </div>
      )}
    </section>
  );
}
