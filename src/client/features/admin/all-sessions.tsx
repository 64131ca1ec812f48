import { useId } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useAnnouncement } from '../../components/use-announcement.tsx';
import { formatDateTime } from '../../format.ts';
import { trpc } from '../../trpc.ts';
import { viewerCan, type Viewer } from '../../viewer/use-viewer.ts';

/**
 * `admin.sessions.list`: every live session, newest first. Your own (from
 * `auth.sessions.list`) is marked and not offered for revoking: "Sign out" ends it.
 */
export function AllSessions({ viewer }: { viewer: Viewer }) {
  const captionId = useId();
  const sessions = trpc.admin.sessions.list.useQuery();
  const own = trpc.auth.sessions.list.useQuery(undefined, { enabled: viewerCan(viewer, 'read:sessions:own') });
  const currentId = own.data?.find((session) => session.current)?.id;
  const utils = trpc.useUtils();
  const { announce, region } = useAnnouncement();
  const revoke = trpc.admin.sessions.revoke.useMutation({
    onSuccess: () => utils.admin.sessions.list.invalidate(),
  });
  const canRevoke = viewerCan(viewer, 'revoke:sessions:any');

  if (sessions.isPending) return <p role="status">Loading sessions…</p>;
  if (sessions.error)
    return (
      <QueryError title="Could not load the sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
    );

  return (
    <>
      <TableScroll captionId={captionId}>
        <table className="table">
          <caption id={captionId}>Live sessions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Signed in</th>
              <th scope="col">Expires</th>
              <th scope="col">Address</th>
              <th scope="col">Browser</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((session) => (
              <tr key={session.id}>
                <th scope="row" className="wrap">
                  {session.userEmail}
                  {session.id === currentId ? <span className="tag">This device</span> : null}
                </th>
                <td>{formatDateTime(session.createdAt)}</td>
                <td>{formatDateTime(session.expiresAt)}</td>
                <td>{session.ipAddress ?? 'Unknown'}</td>
                <td className="wrap">{session.userAgent ?? 'Unknown'}</td>
                <td>
                  {canRevoke && session.id !== currentId ? (
                    <button
                      type="button"
                      className="button button-quiet"
                      aria-label={`Revoke the session of ${session.userEmail} signed in ${formatDateTime(session.createdAt)}`}
                      aria-disabled={revoke.isPending}
                      onClick={() => {
                        if (revoke.isPending) return;
                        revoke.mutate(
                          { id: session.id },
                          {
                            onSuccess: () => {
                              announce(`The session of ${session.userEmail} is revoked.`, { focus: true });
                            },
                          },
                        );
                      }}
                    >
                      Revoke
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {region}
    </>
  );
}
