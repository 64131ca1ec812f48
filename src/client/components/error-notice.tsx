import { CircleAlertIcon, RotateCwIcon } from 'lucide-react';
import { isRetryable } from '../errors/retryable.ts';
import type { ClientError } from '../errors/to-client-error.ts';
import { Alert, AlertDescription, AlertTitle } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

interface ErrorNoticeProps {
  error: ClientError;
  /** What failed, in the screen's words ("Could not reach the server"); the message follows it. */
  title?: string;
  /** Offered only for codes where a retry can help. */
  onRetry?: () => void;
  retryLabel?: string;
}

/**
 * An error shown where it happened: the catalogue message, field errors that have
 * no field on screen, and, for unexpected failures only, the request id a person can
 * quote to support.
 */
export function ErrorNotice({ error, title, onRetry, retryLabel = 'Try again' }: ErrorNoticeProps) {
  const fieldMessages = Object.entries(error.fieldErrors).flatMap(([path, messages]) =>
    messages.map((message) => (path ? `${path}: ${message}` : message)),
  );
  // toClientError keeps the request id only for the server's own faults.
  const reference = error.requestId;
  return (
    <Alert
      variant="destructive"
      // Signed out: the app-wide banner already announces it, so this copy stays quiet.
      role={error.code === 'UNAUTHENTICATED' ? 'none' : 'alert'}
    >
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle className="line-clamp-none">
        {title ? `${title}: ` : null}
        {error.message}
      </AlertTitle>
      {fieldMessages.length > 0 || reference || (onRetry && isRetryable(error.code)) ? (
        <AlertDescription>
          {fieldMessages.length > 0 ? (
            <ul className="list-disc pl-4">
              {fieldMessages.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          ) : null}
          {reference ? (
            <p>
              Reference: <code className="font-mono text-xs break-all">{reference}</code>
            </p>
          ) : null}
          {onRetry && isRetryable(error.code) ? (
            <Button type="button" variant="outline" size="sm" className="mt-2 text-foreground" onClick={onRetry}>
              <RotateCwIcon aria-hidden="true" />
              {retryLabel}
            </Button>
          ) : null}
        </AlertDescription>
      ) : null}
    </Alert>
  );
}
