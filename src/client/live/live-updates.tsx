import { matchQuery, useQueryClient } from '@tanstack/react-query';
import { getMutationKey, getQueryKey } from '@trpc/react-query';
import type { LiveEvent } from '../../shared/schemas/live.schema.ts';
import { toClientError } from '../errors/to-client-error.ts';
import { useNotificationStore } from '../notifications/notifications-context.ts';
import { trpc } from '../trpc.ts';
import { useViewer } from '../viewer/use-viewer.ts';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * The queries each kind of change may alter: exactly those are refetched (only if a
 * screen shows them; the others are marked stale). Yours: your own account's.
 */
function refetchFor(utils: Utils, event: Extract<LiveEvent, { kind: 'change' }>, viewerId: string | undefined) {
  switch (event.entity) {
    case 'user':
      void utils.admin.users.list.invalidate();
      if (event.id === viewerId) void utils.auth.viewer.invalidate();
      return;
    case 'session':
      void utils.admin.sessions.list.invalidate();
      void utils.auth.sessions.list.invalidate();
      return;
    case 'api-key':
      void utils.admin.apiKeys.list.invalidate();
      return;
  }
}

/**
 * Live updates (docs/decisions/0040-live-updates.md): one stream per tab while someone
 * is signed in. Each change refetches the queries that show it; after a long absence
 * (`resync`) everything is refetched. A session ended elsewhere (revoked, the person
 * disabled) signs this tab out at once: its answers are dropped and the signed-out
 * banner shows. Renders nothing; loaded once the page is idle (app-shell.tsx).
 */
export default function LiveUpdates() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const notifications = useNotificationStore();
  const { data: viewer } = useViewer();
  const signOut = () => {
    const viewerKey = getQueryKey(trpc.auth.viewer);
    void queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => !matchQuery({ queryKey: viewerKey }, query) });
    utils.auth.viewer.setData(undefined, null);
    notifications.markSignedOut();
  };
  /**
   * The stream's session ended. This tab may have asked for it (signing out), or may
   * already hold a newer session (a password change issues one): only when the server
   * says nobody is signed in, and this tab did not ask, is the person told.
   */
  const sessionEnded = async () => {
    // A sign-out this tab sent in the last seconds (running or done) is the reason.
    const asked = () =>
      queryClient
        .getMutationCache()
        .findAll({ mutationKey: getMutationKey(trpc.auth.signOut) })
        .some((mutation) => mutation.state.status === 'pending' || Date.now() - mutation.state.submittedAt < 10_000);
    // A change of session this tab has in flight (a password change issues a new cookie) answers first.
    await new Promise<void>((resolve) => {
      if (queryClient.isMutating() === 0) {
        resolve();
        return;
      }
      const stop = queryClient.getMutationCache().subscribe(() => {
        if (queryClient.isMutating() > 0) return;
        stop();
        resolve();
      });
    });
    if (asked() || utils.auth.viewer.getData() === null) return;
    const current = await utils.auth.viewer.fetch(undefined, { staleTime: 0 }).catch(() => null);
    if (current) subscription.reset();
    else if (!asked()) signOut();
  };
  const subscription = trpc.live.changes.useSubscription(undefined, {
    enabled: !!viewer,
    onData: ({ data: event }) => {
      if (event.kind === 'change') refetchFor(utils, event, viewer?.id);
      else if (event.kind === 'resync') void queryClient.invalidateQueries();
    },
    onError: (error) => {
      if (toClientError(error).code === 'UNAUTHENTICATED') void sessionEnded();
    },
  });
  return null;
}
