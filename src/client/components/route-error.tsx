import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';

/**
 * Shown in place of a screen that failed to load or render; the shell stays usable.
 * A screen's chunk that cannot be fetched lands here too, after the router's one
 * automatic reload (lazyRouteComponent: a deploy may have replaced the chunk).
 */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  // Resetting alone would render the screen's remembered failure again; loading
  // the route again fetches its chunk anew, and the new match resets this boundary.
  const tryAgain = () => {
    void router.invalidate().finally(reset);
  };
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
