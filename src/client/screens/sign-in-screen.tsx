import { Link, useNavigate, useSearch } from '../router/router.tsx';
import { safeRedirect } from '../router/safe-redirect.ts';
import { useId } from 'react';
import { CenteredCard } from '../components/centered-card.tsx';
import { AlreadySignedIn } from '../features/auth/already-signed-in.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSessionChange } from '../viewer/use-session-change.ts';
import { useViewer } from '../viewer/use-viewer.ts';

/** Sign-in with e-mail and password; on success the viewer is fetched again and the page asked for (`?redirect=`) or home shows. */
export function SignInScreen() {
  useDocumentTitle('Sign in');
  const headingId = useId();
  const { data: viewer } = useViewer();
  const session = useSessionChange();
  const navigate = useNavigate();
  const { redirect } = useSearch('/sign-in');

  return (
    <CenteredCard
      headingId={headingId}
      title="Sign in"
      description="Welcome back. Sign in with your e-mail and password."
      footer={
        <>
          <Link to="/forgot-password">Forgot your password?</Link>
          <p>
            No account yet? <Link to="/sign-up">Sign up</Link>
          </p>
        </>
      }
    >
      {viewer ? <AlreadySignedIn name={viewer.name} /> : null}
      <SignInForm
        labelledBy={headingId}
        onSignedIn={async () => {
          await session.signedIn();
          // Back to the page that asked for sign-in (a path on this site), else home.
          navigate({ href: safeRedirect(redirect), replace: true });
        }}
      />
    </CenteredCard>
  );
}
