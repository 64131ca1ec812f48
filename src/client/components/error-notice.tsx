import { isRetryable } from '../errors/retryable.ts';
import type { ClientError } from '../errors/to-client-error.ts';

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
 * no field on screen, and the request id, which a person can quote to support.
 */
export function ErrorNotice({ error, title, onRetry, retryLabel = 'Try again' }: ErrorNoticeProps) {
  const fieldMessages = Object.entries(error.fieldErrors).flatMap(([path, messages]) =>
    messages.map((message) => (path ? `${path}: ${message}` : message)),
  );
  return (
    // Signed out: the app-wide banner already announces it, so this copy stays quiet.
    <div role={error.code === 'UNAUTHENTICATED' ? undefined : 'alert'} className="notice notice-error">
      <p className="notice-message">
        {title ? <strong>{title}: </strong> : null}
        {error.message}
      </p>
      {fieldMessages.length > 0 ? (
        <ul className="notice-list">
          {fieldMessages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      ) : null}
      {error.requestId ? (
        <p className="notice-reference">
          Reference: <code>{error.requestId}</code>
        </p>
      ) : null}
      {onRetry && isRetryable(error.code) ? (
        <button type="button" className="button" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
