import { Link, useSignInReturn } from '../router/router.tsx';
import { useNotifications } from '../notifications/notifications-context.ts';

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
    <div role="alert" className="banner">
      <p>
        <strong>You are signed out.</strong> The server refused a request because no one is signed in: your session may
        have ended or been revoked.{' '}
        <Link to="/sign-in" search={signInSearch} reloadDocument>
          Sign in
        </Link>
      </p>
    </div>
  );
}
