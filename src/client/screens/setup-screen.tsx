import { LinkCheckSkeleton } from '../components/form/link-check-skeleton.tsx';
import { skipToken } from '@tanstack/react-query';
import { useId } from 'react';
import { CenteredCard } from '../components/centered-card.tsx';
import { QueryError } from '../components/query-error.tsx';
import { toClientError } from '../errors/to-client-error.ts';
import { CreateAdminForm } from '../features/setup/create-admin-form.tsx';
import { isSetupLinkProblem, SetupLinkProblem } from '../features/setup/setup-link-problem.tsx';
import { useNavigate, useSearch } from '../router/router.tsx';
import { trpc } from '../trpc.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSessionChange } from '../viewer/use-session-change.ts';

/**
 * The first run (docs/decisions/0019-first-run.md): opened from the link the server
 * prints at start while no administrator exists (`/setup?token=…`). It asks whether
 * the link still works, then creates the administrator, who lands signed in on the
 * admin screen; the history entry is replaced, so Back does not offer the link again.
 */
export function SetupScreen() {
  useDocumentTitle('Create the administrator');
  const headingId = useId();
  const { token } = useSearch('/setup');
  const session = useSessionChange();
  const navigate = useNavigate();
  const link = trpc.setup.status.useQuery(token ? { token } : skipToken, { retry: false });

  return (
    <CenteredCard headingId={headingId} title="Create the administrator">
      {!token ? (
        <SetupLinkProblem
          error={{ message: 'This link is incomplete. Open the setup link the server printed when it started.' }}
        />
      ) : link.error ? (
        <LinkError
          error={link.error}
          onRetry={() => {
            void link.refetch();
          }}
        />
      ) : link.isPending ? (
        <LinkCheckSkeleton />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Nobody administers this server yet. The administrator you create now is signed in at once and can then
            manage users, sessions and API keys.
          </p>
          <CreateAdminForm
            token={token}
            labelledBy={headingId}
            onCreated={async () => {
              await session.signedIn();
              navigate({ to: '/admin/users', replace: true });
            }}
          />
        </>
      )}
    </CenteredCard>
  );
}

function LinkError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const clientError = toClientError(error);
  if (isSetupLinkProblem(clientError)) return <SetupLinkProblem error={clientError} />;
  return <QueryError title="The link could not be checked" error={error} onRetry={onRetry} />;
}
