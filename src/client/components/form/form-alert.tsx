import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ClientError } from '../../errors/to-client-error.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';

/**
 * A form's own error, in the kit's Alert: the catalogue's message, field errors that
 * have no field on screen, the reference (only on a server fault: to-client-error.ts),
 * and what a screen adds as the way on (a "Resend confirmation" button).
 */
export function FormAlert({ error, children }: { error: ClientError; children?: ReactNode }) {
  const fieldMessages = Object.values(error.fieldErrors).flat();
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden="true" />
      <AlertTitle className="line-clamp-none">{error.message}</AlertTitle>
      {fieldMessages.length > 0 || error.requestId || children ? (
        <AlertDescription>
          {fieldMessages.length > 0 ? (
            <ul className="list-disc pl-4">
              {fieldMessages.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          ) : null}
          {error.requestId ? (
            <p>
              Reference: <code>{error.requestId}</code>
            </p>
          ) : null}
          {children}
        </AlertDescription>
      ) : null}
    </Alert>
  );
}
