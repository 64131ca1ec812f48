import { useId } from 'react';
import { CenteredCard } from '../components/centered-card.tsx';
import { LinkNotUsable, useCheckedLink } from '../features/auth/checked-link.tsx';
import { NewPasswordForm } from '../features/auth/new-password-form.tsx';
import { notices } from '../notifications/notices.ts';
import { Link, useNavigate, useSearch } from '../router/router.tsx';
import { trpc } from '../trpc.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSessionChange } from '../viewer/use-session-change.ts';

/**
 * Opened from the e-mailed link (`?token=…`): the link is checked first (an expired or
 * used one says so and offers a new one); then the person chooses their password,
 * which confirms the address and signs them in. Home follows with a welcome,
 * replacing this address in the history so Back does not offer the token again.
 */
export function VerifyEmailScreen() {
  useDocumentTitle('Confirm your e-mail');
  const headingId = useId();
  const { token } = useSearch('/verify-email');
  const session = useSessionChange();
  const navigate = useNavigate();
  const link = useCheckedLink('verify', token);
  const confirm = trpc.auth.verifyEmail.useMutation({ meta: { errorsShownInline: true } });

  return (
    <CenteredCard
      headingId={headingId}
      title="Confirm your e-mail"
      description={link.usable ? 'Choose the password for your account to finish signing up.' : undefined}
    >
      {!token || !link.usable ? (
        <LinkNotUsable
          link={link}
          incomplete={
            <div role="alert" className="grid gap-2 text-sm">
              <p>This link is incomplete: open the link from the e-mail again.</p>
              <p>
                <Link to="/sign-in">Sign in</Link>
              </p>
            </div>
          }
        />
      ) : (
        <NewPasswordForm
          labelledBy={headingId}
          passwordLabel="Choose a password"
          submitLabel="Confirm and sign in"
          onLinkDead={link.onLinkDead}
          onSubmit={async (password) => {
            await confirm.mutateAsync({ token, password });
            const viewer = await session.signedIn();
            notices.success(
              viewer ? `Welcome, ${viewer.name}!` : 'Welcome!',
              'Your e-mail address is confirmed and you are signed in.',
            );
            navigate({ to: '/', replace: true });
          }}
        />
      )}
    </CenteredCard>
  );
}
