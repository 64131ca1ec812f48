import { Link } from '../router/router.tsx';
import { useId, useState } from 'react';
import { AlreadySignedIn } from '../features/auth/already-signed-in.tsx';
import { SignUpForm } from '../features/auth/sign-up-form.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useFocusOnMount } from '../use-focus-on-mount.ts';
import { useViewer } from '../viewer/use-viewer.ts';

/** Sign-up, then "Check your e-mail": the link's page confirms the address and sets the password. */
export function SignUpScreen() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo ? <CheckYourEmail address={sentTo} /> : <SignUp onSent={setSentTo} />;
}

function SignUp({ onSent }: { onSent: (email: string) => void }) {
  useDocumentTitle('Sign up');
  const headingId = useId();
  const { data: viewer } = useViewer();
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>Sign up</h1>
      {viewer ? <AlreadySignedIn name={viewer.name} /> : null}
      <SignUpForm labelledBy={headingId} onSent={onSent} />
      <p>
        Have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </section>
  );
}

function CheckYourEmail({ address }: { address: string }) {
  useDocumentTitle('Check your e-mail');
  const headingId = useId();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId} ref={heading} tabIndex={-1}>
        Check your e-mail
      </h1>
      <div className="panel">
        <p>
          We sent a link to <strong>{address}</strong>. Follow it within 24 hours to choose your password; it signs you
          in.
        </p>
        <p>
          Already confirmed? <Link to="/sign-in">Sign in</Link>
        </p>
      </div>
    </section>
  );
}
