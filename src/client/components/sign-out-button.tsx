import { useSignOut } from '../viewer/use-session-change.ts';

/** "Sign out" for a screen's content (the header has its own, styled as a link). */
export function SignOutButton() {
  const { signOut, isPending } = useSignOut();
  return (
    <button type="button" className="button" aria-disabled={isPending} onClick={signOut}>
      Sign out
    </button>
  );
}
