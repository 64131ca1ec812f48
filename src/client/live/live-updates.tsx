import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../shared/schemas/live.schema.ts';
import { toClientError } from '../errors/to-client-error.ts';
import { trpc } from '../trpc.ts';
import { useSessionChange } from '../viewer/use-session-change.ts';
import { useViewer } from '../viewer/use-viewer.ts';
import { whySessionEnded } from './session-ended.ts';

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
 * banner shows (session-ended.ts tells that from this tab's own sign-out or password
 * change). Renders nothing; loaded once the page is idle (app-shell.tsx).
 */
export default function LiveUpdates() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const session = useSessionChange();
  const { data: viewer } = useViewer();
  const sessionEnded = async () => {
    const cause = await whySessionEnded(queryClient, {
      cached: () => utils.auth.viewer.getData(),
      fetch: () => utils.auth.viewer.fetch(undefined, { staleTime: 0 }),
    });
    if (cause === 'still-signed-in') subscription.reset();
    else if (cause === 'signed-out') session.endedElsewhere();
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
