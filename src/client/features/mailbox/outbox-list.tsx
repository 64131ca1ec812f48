import { Link } from '../../router/router.tsx';
import { useId } from 'react';
import { limits } from '../../../shared/constants.ts';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { formatDateTime } from '../../format.ts';
import type { MailboxSearch } from '../../mailbox-search.ts';
import { trpc } from '../../trpc.ts';
import { onOnePage, refetchIntervalFor } from './refresh.ts';
import { StatusBadge } from './status-badge.tsx';

/** `mailbox.messages`, newest first, a page at a time, asked again every few seconds while one page is shown. */
export function OutboxList({ filters }: { filters: MailboxSearch }) {
  const captionId = useId();
  const messages = trpc.mailbox.messages.useInfiniteQuery(
    { ...filters, limit: limits.page.defaultSize },
    {
      getNextPageParam: (page) => page.nextCursor,
      refetchInterval: (query) => refetchIntervalFor(query.state, onOnePage),
    },
  );
  const filtered = filters.recipient !== undefined || filters.status !== undefined;

  if (messages.isPending) return <p role="status">Loading e-mails…</p>;
  if (messages.error)
    return (
      <QueryError title="Could not load the mailbox" error={messages.error} onRetry={() => void messages.refetch()} />
    );

  const rows = messages.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) return <p>{filtered ? 'No e-mail matches these filters.' : 'No e-mails yet.'}</p>;

  return (
    <>
      <TableScroll captionId={captionId}>
        <table className="table">
          <caption id={captionId}>
            {filtered ? 'E-mails matching the filters, newest first' : 'E-mails, newest first'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">To</th>
              <th scope="col">Template</th>
              <th scope="col">Subject</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((message) => (
              <tr key={message.id}>
                <td>{formatDateTime(message.createdAt)}</td>
                <td className="wrap">{message.recipient}</td>
                <td>
                  <code>{message.template}</code>
                </td>
                <th scope="row" className="wrap">
                  <Link to="/mailbox/:id" params={{ id: message.id }}>
                    {message.subject}
                  </Link>
                </th>
                <td>
                  <StatusBadge status={message.status} />
                </td>
                <td>{message.attempts}</td>
                <td className={message.lastError ? 'wrap' : undefined}>{message.lastError}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <LoadMoreButton query={messages}>Load more</LoadMoreButton>
    </>
  );
}
