import { Link } from '../router/router.tsx';
import { useId, useState } from 'react';
import { CenteredCard } from '../components/centered-card.tsx';
import { AlreadySignedIn } from '../features/auth/already-signed-in.tsx';
import { ResendConfirmation } from '../features/auth/resend-confirmation.tsx';
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
    <CenteredCard
      headingId={headingId}
      title="Sign up"
      description="Your name and e-mail; you choose the password from the link we send."
      footer={
        <p>
          Have an account? <Link to="/sign-in">Sign in</Link>
        </p>
      }
    >
      {viewer ? <AlreadySignedIn name={viewer.name} /> : null}
      <SignUpForm labelledBy={headingId} onSent={onSent} />
    </CenteredCard>
  );
}

function CheckYourEmail({ address }: { address: string }) {
  useDocumentTitle('Check your e-mail');
  const headingId = useId();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <CenteredCard
      headingId={headingId}
      headingRef={heading}
      title="Check your e-mail"
      footer={
        <p>
          Already confirmed? <Link to="/sign-in">Sign in</Link>
        </p>
      }
    >
      <p className="text-sm">
        We sent a link to <strong className="break-all">{address}</strong>. Follow it within 24 hours to choose your
        password; it signs you in.
      </p>
      <div className="grid gap-2 text-sm text-muted-foreground">
        <p>Nothing arrived? Check your spam folder, or:</p>
        <ResendConfirmation email={address} />
      </div>
    </CenteredCard>
  );
}
