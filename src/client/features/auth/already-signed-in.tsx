import { Link } from '../../router/router.tsx';

/** On the sign-in and sign-up screens, for someone who is signed in already. */
export function AlreadySignedIn({ name }: { name: string }) {
  return (
    <div className="grid gap-1 rounded-lg border bg-muted/50 p-3 text-sm">
      <p>
        You are signed in as <strong>{name}</strong>. To use another account, sign out first.
      </p>
      <p>
        <Link to="/account">Go to your account</Link>
      </p>
    </div>
  );
}
