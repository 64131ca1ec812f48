import { QueryError } from '../../components/query-error.tsx';
import { SessionsTable } from '../../components/sessions-table.tsx';
import { useAnnouncement } from '../../components/use-announcement.tsx';
import { trpc } from '../../trpc.ts';

/**
 * The person's own sessions (`auth.sessions.list`), this device marked. Others can
 * be revoked here; this one ends with "Sign out". Revoke errors become toasts.
 */
export function OwnSessions() {
  const sessions = trpc.auth.sessions.list.useQuery();
  const utils = trpc.useUtils();
  const revoke = trpc.auth.sessions.revoke.useMutation({
    onSuccess: () => utils.auth.sessions.list.invalidate(),
  });
  const { announce, region } = useAnnouncement();

  if (sessions.isPending) return <p role="status">Loading your sessions…</p>;
  if (sessions.error)
    return (
      <QueryError title="Could not load your sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
    );

  return (
    <>
      <SessionsTable
        caption="Your sessions"
        sessions={sessions.data}
        showOwner={false}
        canRevoke
        revoking={revoke.isPending}
        onRevoke={(session) => {
          revoke.mutate(
            { id: session.id },
            {
              onSuccess: () => {
                announce('The session is revoked.', { focus: true });
              },
            },
          );
        }}
      />
      {region}
    </>
  );
}
