import type { ReactNode } from 'react';
import { limits } from '../../../shared/constants.ts';
import type { AuditEvent } from '../../../shared/schemas/audit.schema.ts';
import type { AuditSearch } from '../../audit-search.ts';
import { auditListInput } from './audit-list-input.ts';
import { auditOutcome } from './audit-outcome.ts';
import { RequestId } from './request-id.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { cn } from '../../components/ui/cn.ts';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { trpc } from '../../trpc.ts';

const kindLabels: Record<AuditEvent['actorKind'], string> = {
  user: 'Person',
  'api-key': 'API key',
  job: 'Job',
  system: 'System',
  anonymous: 'Not signed in',
};

function Actor({ event }: { event: AuditEvent }) {
  const name = event.actorName ?? event.actorEmail;
  const kind = kindLabels[event.actorKind];
  // No one to name (not signed in, the system): the kind alone, once.
  if (!name) return <span className="text-muted-foreground">{kind}</span>;
  const about =
    event.actorKind === 'api-key' && event.actorEmail
      ? `${kind} of ${event.actorEmail}`
      : event.actorKind === 'user' && event.actorEmail && event.actorName
        ? `${kind} · ${event.actorEmail}`
        : kind;
  return (
    <>
      <span className={cn('block max-w-40 truncate', event.actorKind === 'job' && 'font-mono text-xs')} title={name}>
        {name}
      </span>
      <span className="block max-w-40 truncate text-xs text-muted-foreground" title={about}>
        {about}
      </span>
    </>
  );
}

/** Succeeded, a job's fate, or Failed with the reason in words; a raw code stays beside it, for the logs and the docs. */
function Outcome({ outcome }: { outcome: string }) {
  const { status, detail, explanation, code } = auditOutcome(outcome);
  return (
    <>
      <StatusBadge status={status} detail={detail} title={explanation} />
      {code ? <code className="mt-1 block font-mono text-xs text-muted-foreground">{code}</code> : null}
    </>
  );
}

/** `admin.audit.list`, newest first, a page at a time. */
export function AuditList({ filters, toolbar }: { filters: AuditSearch; toolbar: ReactNode }) {
  const events = trpc.admin.audit.list.useInfiniteQuery(
    { ...auditListInput(filters), limit: limits.page.defaultSize },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const filtered = Object.keys(filters).length > 0;

  if (events.isPending)
    return (
      <>
        {toolbar}
        <TableSkeleton label="Loading the audit trail…" rows={5} />
      </>
    );
  if (events.error)
    return (
      <QueryError title="Could not load the audit trail" error={events.error} onRetry={() => void events.refetch()} />
    );

  const rows = events.data.pages.flatMap((page) => page.items);
  return (
    <>
      {toolbar}
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          {filtered ? 'Nothing matches these filters.' : 'No changes recorded yet.'}
        </p>
      ) : (
        <TableScroll caption={filtered ? 'Changes matching the filters, newest first' : 'Changes, newest first'}>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">When</TableHead>
              <TableHead scope="col">Actor</TableHead>
              <TableHead scope="col">Procedure</TableHead>
              <TableHead scope="col">Target</TableHead>
              <TableHead scope="col">Outcome</TableHead>
              <TableHead scope="col">Input</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((event) => (
              <TableRow key={event.id}>
                <TableCell>
                  <DateTime value={event.at} precise />
                </TableCell>
                <TableCell>
                  <Actor event={event} />
                </TableCell>
                <TableHead scope="row" className="font-medium">
                  <code className="font-mono text-xs">{event.procedure}</code>
                  {event.requestId ? (
                    <span className="block">
                      <RequestId id={event.requestId} />
                    </span>
                  ) : null}
                </TableHead>
                <TableCell>
                  {event.targetType ? (
                    <>
                      {event.targetType}
                      <code
                        className="block max-w-28 truncate font-mono text-xs text-muted-foreground"
                        title={event.targetId ?? undefined}
                      >
                        {event.targetId}
                      </code>
                    </>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </TableCell>
                <TableCell>
                  <Outcome outcome={event.outcome} />
                </TableCell>
                {/* At least 8rem, so the column is not squeezed to a sliver; two lines at most, so rows
                    stay compact. The whole input stays in the text (screen readers) and the title. */}
                <TableCell className="min-w-32 max-w-64 whitespace-normal font-mono text-xs text-muted-foreground">
                  <span title={event.payload ?? undefined} className="line-clamp-2 break-all">
                    {event.payload}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </TableScroll>
      )}
      <LoadMoreButton query={events}>Show more changes</LoadMoreButton>
    </>
  );
}
