import type { QueryClient } from '@tanstack/react-query';

/**
 * The session changes this tab has in flight (signing in or out, a password change that
 * issues a new cookie), per query client. A stream whose session ended (live-updates.tsx)
 * waits for them before it decides whether the person was signed out elsewhere: the
 * tab's own change is the likelier cause, and its outcome is known once it settles.
 */
interface Tracker {
  inFlight: number;
  settled: (() => void)[];
}

const trackers = new WeakMap<QueryClient, Tracker>();

function trackerOf(queryClient: QueryClient): Tracker {
  let tracker = trackers.get(queryClient);
  if (!tracker) {
    tracker = { inFlight: 0, settled: [] };
    trackers.set(queryClient, tracker);
  }
  return tracker;
}

/** Runs `change` as a session change of this tab: counted until it settles, however it ends. */
export async function asSessionChange<T>(queryClient: QueryClient, change: () => Promise<T>): Promise<T> {
  const tracker = trackerOf(queryClient);
  tracker.inFlight += 1;
  try {
    return await change();
  } finally {
    tracker.inFlight -= 1;
    if (tracker.inFlight === 0) for (const resolve of tracker.settled.splice(0)) resolve();
  }
}

/** Resolves once this tab has no session change in flight (at once if it has none). */
export function sessionChangesSettled(queryClient: QueryClient): Promise<void> {
  const tracker = trackerOf(queryClient);
  if (tracker.inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => tracker.settled.push(resolve));
}
