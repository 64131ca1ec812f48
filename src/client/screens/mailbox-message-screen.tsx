import { ArrowLeftIcon } from 'lucide-react';
import { Link, useParams } from '../router/router.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
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
    <section aria-labelledby={headingId} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <Link
        to="/mailbox"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Back to all e-mails
      </Link>
      <h1 id={headingId} className="text-2xl font-semibold tracking-tight break-words">
        {subject}
      </h1>
      {message.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading the e-mail…</span>
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : message.error ? (
        <QueryError title="Could not load the e-mail" error={message.error} onRetry={() => void message.refetch()} />
      ) : (
        <OutboxMessage message={message.data} />
      )}
    </section>
  );
}
