import { useNotifications } from '../notifications/notifications-context.ts';
import { signInHref } from '../sign-in.ts';

/** Shown from the first UNAUTHENTICATED answer on, until the page is reloaded or someone signs in. */
export function SignedOutBanner() {
  const { signedOut } = useNotifications();
  if (!signedOut) return null;
  return (
    <div role="alert" className="banner">
      <p>
        <strong>You are signed out.</strong> The server refused a request because no one is signed in: your session may
        have ended or been revoked. <a href={signInHref}>Sign in</a>
      </p>
    </div>
  );
}
