import { LogOutIcon } from 'lucide-react';
import { useSignOut } from '../viewer/use-session-change.ts';
import { Button } from './ui/button.tsx';

/** "Sign out" for a screen's content (the header's user menu has its own). */
export function SignOutButton() {
  const { signOut, isPending } = useSignOut();
  return (
    <Button type="button" variant="outline" aria-disabled={isPending} onClick={signOut}>
      <LogOutIcon aria-hidden="true" />
      Sign out
    </Button>
  );
}
