import { useNotifications } from '../notifications/notifications-context.ts';
import { signInHref } from '../sign-in.ts';

/** Shown from the first UNAUTHENTICATED answer on, until the page is reloaded. */
export function SignedOutBanner() {
  const { signedOut } = useNotifications();
  if (!signedOut) return null;
  return (
    <div role="alert" className="banner">
      <p>
        <strong>You are signed out.</strong> The server refused a request because no one is signed in.{' '}
        <a href={signInHref}>Sign in</a>
      </p>
      <p className="banner-note">
        This version has no sign-in screen yet: user accounts arrive with a later part of the specification. Until then
        the link opens the home page.
      </p>
    </div>
  );
}
