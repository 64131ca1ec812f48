import { lazy, Suspense, useRef } from 'react';
import { formatDateTime } from '../format.ts';
import { DateTime } from './date-time.tsx';
import { RevokeButton } from './revoke-button.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TableScroll } from './table-scroll.tsx';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table.tsx';

// The user-agent parser is only for these tables: its own chunk, after the rows.
const BrowserName = lazy(() => import('./browser-name.tsx'));

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
  /** Revokes one; the dialog shows progress until it settles. */
  onRevoke: (session: SessionRow) => Promise<unknown>;
}

/**
 * Sessions, the current one marked "This device" and never offered for revoking:
 * "Sign out" ends it. Used for a person's own sessions and for an admin's view of all.
 */
export function SessionsTable({ caption, sessions, showOwner, canRevoke, onRevoke }: Props) {
  const region = useRef<HTMLDivElement>(null);
  const thisDevice = (session: SessionRow) =>
    session.current ? <StatusBadge status="current" className="ml-2" /> : null;
  return (
    <TableScroll caption={caption} regionRef={region}>
      <TableHeader>
        <TableRow>
          {showOwner ? <TableHead scope="col">User</TableHead> : null}
          <TableHead scope="col">Signed in</TableHead>
          <TableHead scope="col">Browser</TableHead>
          <TableHead scope="col">Address</TableHead>
          <TableHead scope="col">Expires</TableHead>
          <TableHead scope="col">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {sessions.map((session) => {
          const signedIn = formatDateTime(session.createdAt);
          const whose = showOwner ? `the session of ${session.userEmail ?? 'unknown'}` : 'the session';
          return (
            <TableRow key={session.id}>
              {showOwner ? (
                <TableHead scope="row" className="font-normal">
                  <span className="flex items-center">
                    <span className="block max-w-56 truncate" title={session.userEmail}>
                      {session.userEmail ?? 'Unknown'}
                    </span>
                    {thisDevice(session)}
                  </span>
                </TableHead>
              ) : null}
              {showOwner ? (
                <TableCell>
                  <DateTime value={session.createdAt} relative />
                </TableCell>
              ) : (
                <TableHead scope="row" className="font-normal">
                  <span className="flex items-center">
                    <DateTime value={session.createdAt} relative />
                    {thisDevice(session)}
                  </span>
                </TableHead>
              )}
              <TableCell title={session.userAgent ?? undefined}>
                <Suspense fallback={<span className="text-muted-foreground">…</span>}>
                  <BrowserName userAgent={session.userAgent} />
                </Suspense>
              </TableCell>
              <TableCell className="font-mono text-xs">{session.ipAddress ?? 'Unknown'}</TableCell>
              <TableCell>
                <DateTime value={session.expiresAt} />
              </TableCell>
              <TableCell className="text-right">
                {canRevoke && !session.current ? (
                  <RevokeButton
                    label={`Revoke ${whose} signed in ${signedIn}`}
                    title="Revoke this session?"
                    description={`The browser that signed in ${signedIn}${
                      showOwner && session.userEmail ? ` as ${session.userEmail}` : ''
                    } is signed out at once. Signing in again makes a new session.`}
                    onRevoke={() => onRevoke(session)}
                    fallbackFocus={region}
                  />
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </TableScroll>
  );
}
