import { QueryError } from '../../components/query-error.tsx';
import { SessionsTable } from '../../components/sessions-table.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { notices } from '../../notifications/notices.ts';
import { trpc } from '../../trpc.ts';
import { viewerCan, type Viewer } from '../../viewer/use-viewer.ts';

/**
 * `admin.sessions.list`: every live session, newest first. The server marks the
 * admin's own as current; it is not offered for revoking: "Sign out" ends it.
 */
export function AllSessions({ viewer }: { viewer: Viewer }) {
  const sessions = trpc.admin.sessions.list.useQuery();
  const utils = trpc.useUtils();
  const revoke = trpc.admin.sessions.revoke.useMutation({
    onSuccess: () => utils.admin.sessions.list.invalidate(),
  });

  if (sessions.isPending) return <TableSkeleton label="Loading sessions…" rows={5} />;
  if (sessions.error)
    return (
      <QueryError title="Could not load the sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
    );

  return (
    <SessionsTable
      caption="Live sessions, newest first"
      sessions={sessions.data}
      showOwner
      canRevoke={viewerCan(viewer, 'revoke:sessions:any')}
      onRevoke={async (session) => {
        await revoke.mutateAsync({ id: session.id });
        notices.success('Session revoked', `${session.userEmail ?? 'That person'} is signed out of that browser.`);
      }}
    />
  );
}
