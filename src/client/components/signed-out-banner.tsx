import { LogInIcon } from './icons/first-paint-icons.tsx';
import { Link, useSignInReturn } from '../router/router.tsx';
import { useNotifications } from '../notifications/notifications-context.ts';
import { buttonClasses } from './first-paint-button.ts';

/**
 * Shown from the first UNAUTHENTICATED answer on, until the page is reloaded or
 * someone signs in. "Sign in" loads the page afresh (reloadDocument), which drops
 * every answer cached for the session that ended; sign-in then returns to this page.
 */
export function SignedOutBanner() {
  const { signedOut } = useNotifications();
  const signInSearch = useSignInReturn();
  if (!signedOut) return null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-4 sm:px-6">
      {/* The kit's Alert, spelled out: it is in the first chunk, and Alert's `cn` (tailwind-merge) is not. */}
      <div
        role="alert"
        className="flex items-start gap-3 rounded-lg border bg-card px-4 py-3 text-sm text-card-foreground"
      >
        <LogInIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <strong className="font-medium">You are signed out.</strong>{' '}
            <span className="text-muted-foreground">
              The server refused a request because no one is signed in: your session may have ended or been revoked.
            </span>
          </p>
          <Link
            to="/sign-in"
            search={signInSearch}
            reloadDocument
            className={buttonClasses({ size: 'sm' }, 'shrink-0')}
          >
            Sign in
          </Link>
        </div>
      </div>
    </div>
  );
}
