import { useId } from 'react';
import { formatDateTime } from '../format.ts';
import { RevokeButton } from './revoke-button.tsx';
import { TableScroll } from './table-scroll.tsx';

export interface SessionRow {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  current: boolean;
  /** Shown as the first column when the table lists several people's sessions. */
  userEmail?: string;
}

interface Props {
  caption: string;
  sessions: SessionRow[];
  /** Whether to show the owner column (admins' view of everyone's sessions). */
  showOwner: boolean;
  canRevoke: boolean;
  revoking: boolean;
  onRevoke: (session: SessionRow) => void;
}

/**
 * Sessions, the current one marked "This device" and never offered for revoking:
 * "Sign out" ends it. Used for a person's own sessions and for an admin's view of all.
 */
export function SessionsTable({ caption, sessions, showOwner, canRevoke, revoking, onRevoke }: Props) {
  const captionId = useId();
  const thisDevice = (session: SessionRow) => (session.current ? <span className="tag">This device</span> : null);
  return (
    <TableScroll captionId={captionId}>
      <table className="table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {showOwner ? <th scope="col">User</th> : null}
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
          {sessions.map((session) => {
            const signedIn = formatDateTime(session.createdAt);
            const whose = showOwner ? `the session of ${session.userEmail ?? 'unknown'}` : 'the session';
            return (
              <tr key={session.id}>
                {showOwner ? (
                  <th scope="row" className="wrap">
                    {session.userEmail}
                    {thisDevice(session)}
                  </th>
                ) : null}
                {showOwner ? (
                  <td>{signedIn}</td>
                ) : (
                  <th scope="row">
                    {signedIn}
                    {thisDevice(session)}
                  </th>
                )}
                <td>{formatDateTime(session.expiresAt)}</td>
                <td>{session.ipAddress ?? 'Unknown'}</td>
                <td className="wrap">{session.userAgent ?? 'Unknown'}</td>
                <td>
                  {canRevoke && !session.current ? (
                    <RevokeButton
                      label={`Revoke ${whose} signed in ${signedIn}`}
                      busy={revoking}
                      onRevoke={() => {
                        onRevoke(session);
                      }}
                    />
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
