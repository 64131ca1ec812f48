import { QueryError } from '../../components/query-error.tsx';
import { SessionsTable } from '../../components/sessions-table.tsx';
import { useAnnouncement } from '../../components/use-announcement.tsx';
import { trpc } from '../../trpc.ts';
import { viewerCan, type Viewer } from '../../viewer/use-viewer.ts';

/**
 * `admin.sessions.list`: every live session, newest first. The server marks the
 * admin's own as current; it is not offered for revoking: "Sign out" ends it.
 */
export function AllSessions({ viewer }: { viewer: Viewer }) {
  const sessions = trpc.admin.sessions.list.useQuery();
  const utils = trpc.useUtils();
  const { announce, region } = useAnnouncement();
  const revoke = trpc.admin.sessions.revoke.useMutation({
    onSuccess: () => utils.admin.sessions.list.invalidate(),
  });

  if (sessions.isPending) return <p role="status">Loading sessions…</p>;
  if (sessions.error)
    return (
      <QueryError title="Could not load the sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
    );

  return (
    <>
      <SessionsTable
        caption="Live sessions, newest first"
        sessions={sessions.data}
        showOwner
        canRevoke={viewerCan(viewer, 'revoke:sessions:any')}
        revoking={revoke.isPending}
        onRevoke={(session) => {
          revoke.mutate(
            { id: session.id },
            {
              onSuccess: () => {
                announce(`The session of ${session.userEmail ?? 'unknown'} is revoked.`, { focus: true });
              },
            },
          );
        }}
      />
      {region}
    </>
  );
}
