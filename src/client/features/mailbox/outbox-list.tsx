import type { ReactNode } from 'react';
import { Link } from '../../router/router.tsx';
import { limits } from '../../../shared/constants.ts';
import { DateTime } from '../../components/date-time.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import type { MailboxSearch } from '../../mailbox-search.ts';
import { trpc } from '../../trpc.ts';
import { onOnePage, refetchIntervalFor } from './refresh.ts';
import { OutboxStatusBadge } from './status-badge.tsx';

/** `mailbox.messages`, newest first, a page at a time, asked again every few seconds while one page is shown. */
export function OutboxList({ filters, toolbar }: { filters: MailboxSearch; toolbar: ReactNode }) {
  const messages = trpc.mailbox.messages.useInfiniteQuery(
    { ...filters, limit: limits.page.defaultSize },
    {
      getNextPageParam: (page) => page.nextCursor,
      refetchInterval: (query) => refetchIntervalFor(query.state, onOnePage),
    },
  );
  const filtered = filters.recipient !== undefined || filters.status !== undefined;

  if (messages.isPending)
    return (
      <>
        {toolbar}
        <TableSkeleton label="Loading e-mails…" rows={5} />
      </>
    );
  if (messages.error)
    return (
      <QueryError title="Could not load the mailbox" error={messages.error} onRetry={() => void messages.refetch()} />
    );

  const rows = messages.data.pages.flatMap((page) => page.items);
  return (
    <>
      {toolbar}
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          {filtered ? 'No e-mail matches these filters.' : 'No e-mails yet.'}
        </p>
      ) : (
        <TableScroll caption={filtered ? 'E-mails matching the filters, newest first' : 'E-mails, newest first'}>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Created</TableHead>
              <TableHead scope="col">To</TableHead>
              <TableHead scope="col">Subject and template</TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col">Attempts</TableHead>
              <TableHead scope="col">Last error</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((message) => (
              <TableRow key={message.id}>
                <TableCell>
                  <DateTime value={message.createdAt} />
                </TableCell>
                <TableCell>
                  <span className="block max-w-48 truncate" title={message.recipient}>
                    {message.recipient}
                  </span>
                </TableCell>
                <TableHead scope="row" className="font-medium">
                  <Link
                    to="/mailbox/:id"
                    params={{ id: message.id }}
                    className="block max-w-64 truncate text-primary underline-offset-4 hover:underline"
                    title={message.subject}
                  >
                    {message.subject}
                  </Link>
                  {/* The template under the subject: one column less, so the table fits a laptop. */}
                  <code className="block font-mono text-xs font-normal text-muted-foreground">{message.template}</code>
                </TableHead>
                <TableCell>
                  <OutboxStatusBadge status={message.status} transport={message.transport} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{message.attempts}</TableCell>
                <TableCell className="max-w-64 whitespace-normal text-xs text-muted-foreground">
                  {message.lastError}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </TableScroll>
      )}
      <LoadMoreButton query={messages}>Load more</LoadMoreButton>
    </>
  );
}
