import { RotateCwIcon, TriangleAlertIcon } from './icons/first-paint-icons.tsx';
import type { RouteErrorProps } from '../router/router.tsx';
import { buttonClasses } from './first-paint-button.ts';

/**
 * Shown in place of a screen that failed to load or render; the shell stays usable.
 * A screen's chunk that cannot be fetched lands here too, after one automatic reload
 * (router/stale-chunk.ts: a deploy may have replaced the chunk).
 */
export function RouteError({ reset }: RouteErrorProps) {
  // The route forgets what failed, so trying again fetches the screen's chunk anew.
  const tryAgain = reset;
  return (
    <section role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">This screen could not be shown</h1>
      <p className="text-muted-foreground">Something went wrong while loading it. Your connection may have dropped.</p>
      <button type="button" className={buttonClasses()} onClick={tryAgain}>
        <RotateCwIcon aria-hidden="true" />
        Try again
      </button>
    </section>
  );
}
