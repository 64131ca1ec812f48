import { useState } from 'react';
import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Link } from '../../router/router.tsx';
import { ResendConfirmation } from './resend-confirmation.tsx';

/**
 * An e-mailed link that cannot be used any more (expired, used, altered), said at once
 * instead of the form, with the way to a new one.
 */
export function DeadLink({ kind }: { kind: 'reset' | 'verify' }) {
  return (
    <div className="grid gap-4">
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertTitle className="line-clamp-none">This link has expired or was already used</AlertTitle>
        <AlertDescription>
          {kind === 'reset'
            ? 'Reset links last one hour and work once.'
            : 'Confirmation links last 24 hours and work once. If you confirmed your address already, sign in.'}
        </AlertDescription>
      </Alert>
      {kind === 'reset' ? (
        <Button asChild className="w-full">
          <Link to="/forgot-password">Send a new link</Link>
        </Button>
      ) : (
        <SendNewConfirmation />
      )}
    </div>
  );
}

function SendNewConfirmation() {
  const [email, setEmail] = useState('');
  const valid = /^[^\s@]+@[^\s@]+$/.test(email);
  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor="new-confirmation-email">Your e-mail</Label>
        <Input
          id="new-confirmation-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
      </div>
      {valid ? <ResendConfirmation email={email} label="Send a new one" /> : <Button disabled>Send a new one</Button>}
      <Button asChild variant="link" className="h-auto justify-start p-0">
        <Link to="/sign-in">Sign in</Link>
      </Button>
    </div>
  );
}
