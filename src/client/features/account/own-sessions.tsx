import { useId } from 'react';
import { QueryError } from '../../components/query-error.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useAnnouncement } from '../../components/use-announcement.tsx';
import { formatDateTime } from '../../format.ts';
import { trpc } from '../../trpc.ts';

/**
 * The person's own sessions (`auth.sessions.list`), this device marked. Others can
 * be revoked here; this one ends with "Sign out". Revoke errors become toasts.
 */
export function OwnSessions() {
  const captionId = useId();
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
      <TableScroll captionId={captionId}>
        <table className="table">
          <caption id={captionId}>Your sessions</caption>
          <thead>
            <tr>
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
                <th scope="row">
                  {formatDateTime(session.createdAt)}
                  {session.current ? <span className="tag">This device</span> : null}
                </th>
                <td>{formatDateTime(session.expiresAt)}</td>
                <td>{session.ipAddress ?? 'Unknown'}</td>
                <td className="wrap">{session.userAgent ?? 'Unknown'}</td>
                <td>
                  {session.current ? null : (
                    <button
                      type="button"
                      className="button button-quiet"
                      aria-label={`Revoke the session signed in ${formatDateTime(session.createdAt)}`}
                      aria-disabled={revoke.isPending}
                      onClick={() => {
                        if (revoke.isPending) return;
                        revoke.mutate(
                          { id: session.id },
                          {
                            onSuccess: () => {
                              announce('The session is revoked.', { focus: true });
                            },
                          },
                        );
                      }}
                    >
                      Revoke
                    </button>
                  )}
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
