import { QueryError } from '../../components/query-error.tsx';
import { SessionsTable } from '../../components/sessions-table.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { notices } from '../../notifications/notices.ts';
import { trpc } from '../../trpc.ts';

/**
 * The person's own sessions (`auth.sessions.list`), this device marked. Others can
 * be revoked here, after a confirmation; this one ends with "Sign out". Success is a
 * toast; errors are toasts too (the global mutation handler).
 */
export function OwnSessions() {
  const sessions = trpc.auth.sessions.list.useQuery();
  const utils = trpc.useUtils();
  const revoke = trpc.auth.sessions.revoke.useMutation({
    onSuccess: () => utils.auth.sessions.list.invalidate(),
  });

  if (sessions.isPending) return <TableSkeleton label="Loading your sessions…" />;
  if (sessions.error)
    return (
      <QueryError title="Could not load your sessions" error={sessions.error} onRetry={() => void sessions.refetch()} />
    );

  return (
    <SessionsTable
      caption="Your sessions"
      sessions={sessions.data}
      showOwner={false}
      canRevoke
      onRevoke={async (session) => {
        await revoke.mutateAsync({ id: session.id });
        notices.success('Session revoked', 'That browser is signed out.');
      }}
    />
  );
}
