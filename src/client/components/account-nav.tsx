import { Link } from '../router/router.tsx';
import { useSignOut } from '../viewer/use-session-change.ts';
import { useViewer } from '../viewer/use-viewer.ts';

/**
 * The header's account links: "Sign in" and "Sign up" for visitors; the person's
 * name, "Account" and "Sign out" once signed in. Nothing while the viewer is being
 * asked for (or cannot be), so the links never flash the wrong state.
 */
export function AccountNav() {
  const { data: viewer } = useViewer();
  const { signOut, isPending } = useSignOut();
  if (viewer === undefined) return null;
  return (
    <nav aria-label="Account">
      <ul className="nav-list">
        {viewer ? (
          <>
            <li className="nav-name">{viewer.name}</li>
            <li>
              <Link to="/account" className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                Account
              </Link>
            </li>
            <li>
              <button type="button" className="nav-link nav-button" aria-disabled={isPending} onClick={signOut}>
                Sign out
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <Link to="/sign-in" className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                Sign in
              </Link>
            </li>
            <li>
              <Link to="/sign-up" className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                Sign up
              </Link>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
