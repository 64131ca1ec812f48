import { useCallback, useId, useState } from 'react';
import { CenteredCard } from '../components/centered-card.tsx';
import { QueryError } from '../components/query-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { DeadLink } from '../features/auth/dead-link.tsx';
import { NewPasswordForm } from '../features/auth/new-password-form.tsx';
import { useLinkCheck } from '../features/auth/use-link-check.ts';
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
  const check = useLinkCheck('verify', token);
  const confirm = trpc.auth.verifyEmail.useMutation({ meta: { errorsShownInline: true } });
  const [dead, setDead] = useState(false);
  const onLinkDead = useCallback(() => {
    setDead(true);
  }, []);

  return (
    <CenteredCard
      headingId={headingId}
      title="Confirm your e-mail"
      description={
        token && check.data?.usable && !dead ? 'Choose the password for your account to finish signing up.' : undefined
      }
    >
      {!token ? (
        <div role="alert" className="grid gap-2 text-sm">
          <p>This link is incomplete: open the link from the e-mail again.</p>
          <p>
            <Link to="/sign-in">Sign in</Link>
          </p>
        </div>
      ) : check.error ? (
        <QueryError title="The link could not be checked" error={check.error} onRetry={() => void check.refetch()} />
      ) : check.isPending ? (
        <div className="grid gap-4" aria-busy="true">
          <p className="sr-only" role="status">
            Checking the link…
          </p>
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      ) : dead || !check.data.usable ? (
        <DeadLink kind="verify" />
      ) : (
        <NewPasswordForm
          labelledBy={headingId}
          passwordLabel="Choose a password"
          submitLabel="Confirm and sign in"
          onLinkDead={onLinkDead}
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
