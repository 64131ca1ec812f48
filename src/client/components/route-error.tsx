import type { ErrorComponentProps } from '@tanstack/react-router';

/** Shown in place of a screen that failed to load or render; the shell stays usable. */
export function RouteError({ reset }: ErrorComponentProps) {
  return (
    <section role="alert" className="panel panel-error">
      <h1>This screen could not be shown</h1>
      <p>Something went wrong while loading it. Your connection may have dropped.</p>
      <button type="button" className="button" onClick={reset}>
        Try again
      </button>
    </section>
  );
}
