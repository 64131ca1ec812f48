import { Link, useParams } from '../router/router.tsx';
import { useId } from 'react';
import { QueryError } from '../components/query-error.tsx';
import { OutboxMessage } from '../features/mailbox/outbox-message.tsx';
import { notDoneYet, refetchIntervalFor } from '../features/mailbox/refresh.ts';
import { trpc } from '../trpc.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/** One e-mail from the outbox. Asked again until it is sent or has failed, so its status stays current. */
export function MailboxMessageScreen() {
  const headingId = useId();
  const { id } = useParams('/mailbox/:id');
  const message = trpc.mailbox.message.useQuery(
    { id },
    { refetchInterval: (query) => refetchIntervalFor(query.state, notDoneYet) },
  );
  const subject = message.data?.subject ?? 'E-mail';
  useDocumentTitle(subject);

  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>{subject}</h1>
      {message.isPending ? (
        <p role="status">Loading the e-mail…</p>
      ) : message.error ? (
        <QueryError title="Could not load the e-mail" error={message.error} onRetry={() => void message.refetch()} />
      ) : (
        <OutboxMessage message={message.data} />
      )}
      <p>
        <Link to="/mailbox">Back to all e-mails</Link>
      </p>
    </section>
  );
}
