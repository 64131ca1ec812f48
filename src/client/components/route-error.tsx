import type { RouteErrorProps } from '../router/router.tsx';

/**
 * Shown in place of a screen that failed to load or render; the shell stays usable.
 * A screen's chunk that cannot be fetched lands here too, after one automatic reload
 * (router/stale-chunk.ts: a deploy may have replaced the chunk).
 */
export function RouteError({ reset }: RouteErrorProps) {
  // The route forgets what failed, so trying again fetches the screen's chunk anew.
  const tryAgain = reset;
  return (
    <section role="alert" className="panel panel-error">
      <h1>This screen could not be shown</h1>
      <p>Something went wrong while loading it. Your connection may have dropped.</p>
      <button type="button" className="button" onClick={tryAgain}>
        Try again
      </button>
    </section>
  );
}
