import { Link } from '../../router/router.tsx';

/** On the sign-in and sign-up screens, for someone who is signed in already. */
export function AlreadySignedIn({ name }: { name: string }) {
  return (
    <div className="panel">
      <p>
        You are signed in as <strong>{name}</strong>. To use another account, sign out first.
      </p>
      <p>
        <Link to="/account">Go to your account</Link>
      </p>
    </div>
  );
}
