import { Link, useSearch } from '../router/router.tsx';
import { useId, useState } from 'react';
import { ResetPasswordForm } from '../features/auth/reset-password-form.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useFocusOnMount } from '../use-focus-on-mount.ts';

/** Opened from the e-mailed link (`?token=…`): choose a new password, then sign in with it. */
export function ResetPasswordScreen() {
  useDocumentTitle('Choose a new password');
  const headingId = useId();
  const { token } = useSearch('/reset-password');
  const [done, setDone] = useState(false);

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>Choose a new password</h1>
      {done ? (
        <PasswordChanged />
      ) : token ? (
        <ResetPasswordForm
          token={token}
          labelledBy={headingId}
          onReset={() => {
            setDone(true);
          }}
        />
      ) : (
        <div className="panel panel-error">
          <p>This link is incomplete: open the link from the e-mail again, or ask for a new one.</p>
          <p>
            <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        </div>
      )}
    </section>
  );
}

function PasswordChanged() {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="panel">
      <h2 ref={heading} tabIndex={-1}>
        Your password is changed
      </h2>
      <p>Every session signed in with the old password has ended.</p>
      <p>
        <Link to="/sign-in">Sign in with the new password</Link>
      </p>
    </div>
  );
}
