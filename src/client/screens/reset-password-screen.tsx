import { useId } from 'react';
import { CenteredCard } from '../components/centered-card.tsx';
import { LinkNotUsable, useCheckedLink } from '../features/auth/checked-link.tsx';
import { NewPasswordForm } from '../features/auth/new-password-form.tsx';
import { notices } from '../notifications/notices.ts';
import { Link, useNavigate, useSearch } from '../router/router.tsx';
import { trpc } from '../trpc.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/**
 * Opened from the e-mailed link (`?token=…`). The link is checked first: a used or
 * expired one says so at once and offers a new one. On success a toast confirms and
 * the sign-in screen follows (replacing this address, so Back does not offer the token).
 */
export function ResetPasswordScreen() {
  useDocumentTitle('Choose a new password');
  const headingId = useId();
  const { token } = useSearch('/reset-password');
  const navigate = useNavigate();
  const link = useCheckedLink('reset', token);
  const reset = trpc.auth.resetPassword.useMutation({ meta: { errorsShownInline: true } });

  return (
    <CenteredCard
      headingId={headingId}
      title="Choose a new password"
      footer={
        <p>
          Remembered it? <Link to="/sign-in">Sign in</Link>
        </p>
      }
    >
      {!token || !link.usable ? (
        <LinkNotUsable link={link} incomplete={<DeadLinkIncomplete />} />
      ) : (
        <NewPasswordForm
          labelledBy={headingId}
          passwordLabel="New password"
          submitLabel="Set the new password"
          onLinkDead={link.onLinkDead}
          onSubmit={async (password) => {
            await reset.mutateAsync({ token, password });
            notices.success('Your password is changed', 'Every session signed in with the old password has ended.');
            navigate({ to: '/sign-in', replace: true });
          }}
        />
      )}
    </CenteredCard>
  );
}

function DeadLinkIncomplete() {
  return (
    <div role="alert" className="grid gap-2 text-sm">
      <p>This link is incomplete: open the link from the e-mail again, or ask for a new one.</p>
      <p>
        <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    </div>
  );
}
