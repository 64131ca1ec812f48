import { Link, useSignInReturn } from '../router/router.tsx';

/**
 * What a signed-in person sees on a screen their role does not allow: from the
 * permission check before any call, or from a FORBIDDEN answer (the role changed
 * meanwhile), with its reference. Never the data. Someone with a second account
 * (an administrator's) can sign in with it and come back to this page.
 */
export function NoPermission({ requestId = null }: { requestId?: string | null }) {
  const signInSearch = useSignInReturn();
  return (
    <div className="panel panel-error">
      <h2>You do not have permission</h2>
      <p>Your account cannot open this page. If you need it, ask an administrator.</p>
      <p>
        <Link to="/sign-in" search={signInSearch}>
          Sign in with another account
        </Link>
      </p>
      {requestId ? (
        <p className="notice-reference">
          Reference: <code>{requestId}</code>
        </p>
      ) : null}
    </div>
  );
}
