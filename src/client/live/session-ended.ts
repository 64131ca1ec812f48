import type { QueryClient } from '@tanstack/react-query';
import { sessionChangesSettled } from '../viewer/session-changes.ts';
import type { Viewer } from '../viewer/use-viewer.ts';

/**
 * Why a live stream's session ended, as far as this tab can tell:
 * - `own-change`: this tab signed out (its viewer is already nobody), nothing to say;
 * - `still-signed-in`: the server still knows someone (a password change issued a newer
 *   session, or the answer was not clear): the stream starts again on the current cookie;
 * - `signed-out`: ended elsewhere (revoked, the person disabled): the person is told.
 */
export type SessionEndedCause = 'own-change' | 'still-signed-in' | 'signed-out';

export async function whySessionEnded(
  queryClient: QueryClient,
  viewer: { cached: () => Viewer | null | undefined; fetch: () => Promise<Viewer | null> },
): Promise<SessionEndedCause> {
  // The tab's own change answers first: a sign-out leaves no viewer, a password change a new cookie.
  await sessionChangesSettled(queryClient);
  if (viewer.cached() === null) return 'own-change';
  try {
    return (await viewer.fetch()) ? 'still-signed-in' : 'signed-out';
  } catch {
    // No answer (offline, a deploy): not a reason to sign anyone out; the stream tries again.
    return 'still-signed-in';
  }
}
