import { matchQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../router/router.tsx';
import { getQueryKey } from '@trpc/react-query';
import { useMemo } from 'react';
import { toClientError } from '../errors/to-client-error.ts';
import { useNotificationStore } from '../notifications/notifications-context.ts';
import { trpc } from '../trpc.ts';
import { asSessionChange } from './session-changes.ts';
import type { Viewer } from './use-viewer.ts';

/**
 * What the client does when the session changes, so the UI follows at once:
 * cached answers belong to the person who asked for them, so they are dropped,
 * and the viewer is known again before the next screen shows.
 */
export function useSessionChange() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const notifications = useNotificationStore();

  return useMemo(() => {
    const viewerKey = getQueryKey(trpc.auth.viewer);
    const dropAllButViewer = () => {
      // Removing does not refetch: screens that still show protected data unmount
      // once the viewer changes, so no request leaves on the old session's behalf.
      queryClient.removeQueries({ predicate: (query) => !matchQuery({ queryKey: viewerKey }, query) });
    };
    return {
      /**
       * Runs a call that changes this tab's session (a password change issues a new
       * cookie), so a live stream that ends meanwhile waits for it (session-changes.ts).
       */
      changing<T>(change: () => Promise<T>): Promise<T> {
        return asSessionChange(queryClient, change);
      },
      /**
       * After sign-in, or an e-mail verification that may have signed the person in
       * (a link opened again confirms nothing new and signs no one in). Resolves with
       * the viewer the server now reports.
       */
      async signedIn(): Promise<Viewer | null> {
        notifications.clearSignedOut();
        dropAllButViewer();
        // A viewer request still out left without the new cookie, and invalidating
        // would only wait for its stale answer: cancel it, then ask again.
        await queryClient.cancelQueries({ queryKey: viewerKey });
        await utils.auth.viewer.invalidate();
        return utils.auth.viewer.getData() ?? null;
      },
      /** After sign-out: nobody is signed in, which the client knows without asking. */
      signedOut(): void {
        // Asked for, so the "you are signed out" banner would only repeat it.
        notifications.clearSignedOut();
        // An answer still on its way would say the person is signed in.
        void queryClient.cancelQueries({ queryKey: viewerKey });
        utils.auth.viewer.setData(undefined, null);
        dropAllButViewer();
      },
      /**
       * The session ended elsewhere (revoked, the person disabled): nothing this tab
       * still asks for can succeed, and the signed-out banner says why it happened.
       */
      endedElsewhere(): void {
        void queryClient.cancelQueries();
        dropAllButViewer();
        utils.auth.viewer.setData(undefined, null);
        notifications.markSignedOut();
      },
    };
  }, [queryClient, utils, notifications]);
}

/**
 * Ends this device's session, then goes home. A session that had already ended
 * (UNAUTHENTICATED) is the outcome asked for, so it counts as success; other
 * failures become a toast (the global mutation handler). For the header's and the
 * account screen's "Sign out" buttons.
 */
export function useSignOut() {
  const session = useSessionChange();
  const navigate = useNavigate();
  const mutation = trpc.auth.signOut.useMutation();
  return {
    isPending: mutation.isPending,
    signOut: (): void => {
      if (mutation.isPending) return;
      void session.changing(async () => {
        try {
          await mutation.mutateAsync();
        } catch (error) {
          if (toClientError(error).code !== 'UNAUTHENTICATED') return;
        }
        session.signedOut();
        navigate({ to: '/' });
      });
    },
  };
}
