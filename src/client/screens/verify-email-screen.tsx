import { Link, useNavigate, useSearch } from '../router/router.tsx';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ErrorNotice } from '../components/error-notice.tsx';
import { toClientError } from '../errors/to-client-error.ts';
import { trpc } from '../trpc.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSessionChange } from '../viewer/use-session-change.ts';

/**
 * Opened from the e-mailed link (`?token=…`). It confirms the address once, on
 * arrival; the server then signs the person in, and the status screen follows,
 * replacing this address in the history so Back does not send the token again.
 */
export function VerifyEmailScreen() {
  useDocumentTitle('Confirm your e-mail');
  const headingId = useId();
  const { token } = useSearch('/verify-email');
  const session = useSessionChange();
  const navigate = useNavigate();
  const verify = trpc.auth.verifyEmail.useMutation({ meta: { errorsShownInline: true } });
  // The address was confirmed before: the link answers success but signs no one in.
  const [confirmedOnly, setConfirmedOnly] = useState(false);
  const { mutate } = verify;
  const confirm = useCallback(
    (value: string) => {
      mutate(
        { token: value },
        {
          onSuccess: () => {
            void session.signedIn().then((viewer) => {
              if (viewer) navigate({ to: '/status', replace: true });
              else setConfirmedOnly(true);
            });
          },
        },
      );
    },
    [mutate, session, navigate],
  );
  // Once per token, also when React runs effects twice in development.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    confirm(token);
  }, [token, confirm]);

  const error = verify.error ? toClientError(verify.error) : null;
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>Confirm your e-mail</h1>
      {confirmedOnly ? (
        <div className="panel">
          <p>Your address is confirmed. Sign in to continue.</p>
          <p>
            <Link to="/sign-in">Sign in</Link>
          </p>
        </div>
      ) : !token ? (
        <LinkProblem>This link is incomplete: open the link from the e-mail again.</LinkProblem>
      ) : error?.code === 'INVALID_TOKEN' ? (
        <LinkProblem>
          This link is invalid or has expired: links last 24 hours. If you have confirmed your address already, sign in.
        </LinkProblem>
      ) : error ? (
        <ErrorNotice
          title="Your address could not be confirmed"
          error={error}
          onRetry={() => {
            confirm(token);
          }}
        />
      ) : (
        <p role="status">Confirming your address…</p>
      )}
    </section>
  );
}

function LinkProblem({ children }: { children: string }) {
  return (
    <div role="alert" className="panel panel-error">
      <p>{children}</p>
      <p>
        <Link to="/sign-in">Sign in</Link>
      </p>
    </div>
  );
}
