import { RotateCcwIcon } from 'lucide-react';
import { useRef } from 'react';
import { limits } from '../../../shared/constants.ts';
import { jobStatuses, type JobStatus } from '../../../shared/schemas/jobs.schema.ts';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DateTime } from '../../components/date-time.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { StatusBadge, statusLabel } from '../../components/status-badge.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { TableSkeleton } from '../../components/table-skeleton.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { notices } from '../../notifications/notices.ts';
import { trpc } from '../../trpc.ts';
import { viewerCan, type Viewer } from '../../viewer/use-viewer.ts';

const statusWords: Record<JobStatus, string> = {
  queued: statusLabel('queued'),
  running: statusLabel('running'),
  succeeded: statusLabel('succeeded'),
  failed: statusLabel('failed'),
};

/** `jobs.list`, newest first, a page at a time, filtered by `status` (none: all); a failed job can be retried. */
export function JobsPanel({
  viewer,
  status,
  onStatus,
}: {
  viewer: Viewer;
  status: JobStatus | undefined;
  onStatus: (status: JobStatus | undefined) => void;
}) {
  const jobs = trpc.jobs.list.useInfiniteQuery(
    { ...(status ? { status } : {}), limit: limits.page.defaultSize },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const utils = trpc.useUtils();
  const retry = trpc.jobs.retry.useMutation({ onSuccess: () => utils.jobs.list.invalidate() });
  const canRetry = viewerCan(viewer, 'retry:jobs:any');
  const rows = jobs.data?.pages.flatMap((page) => page.items) ?? [];
  // A retried job leaves the Failed list with its Retry button: focus goes to the filters.
  const filters = useRef<HTMLElement>(null);

  return (
    <>
      {/* A segmented control on one line, across the width on a phone; narrower than its
          words, it scrolls sideways in itself rather than wrapping or widening the page. */}
      <div className="max-w-full overflow-x-auto">
        <nav
          ref={filters}
          tabIndex={-1}
          aria-label="Job status"
          className="flex w-full min-w-max items-center gap-0.5 rounded-lg bg-muted p-1 outline-none sm:inline-flex sm:w-auto sm:gap-1"
        >
          {[undefined, ...jobStatuses].map((option) => (
            <button
              key={option ?? 'all'}
              type="button"
              aria-pressed={option === status}
              className="inline-flex h-7 flex-1 items-center justify-center rounded-md px-1.5 text-sm sm:flex-none sm:px-3 font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm dark:aria-pressed:bg-input/50"
              onClick={() => {
                onStatus(option);
              }}
            >
              {option ? statusWords[option] : 'All'}
            </button>
          ))}
        </nav>
      </div>
      {jobs.isPending ? (
        <TableSkeleton label="Loading jobs…" rows={5} />
      ) : jobs.error ? (
        <QueryError title="Could not load the jobs" error={jobs.error} onRetry={() => void jobs.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          {status ? `No ${statusWords[status].toLowerCase()} jobs.` : 'No jobs yet.'}
        </p>
      ) : (
        <>
          <TableScroll caption={status ? `${statusWords[status]} jobs, newest first` : 'All jobs, newest first'}>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Job</TableHead>
                <TableHead scope="col">Status</TableHead>
                <TableHead scope="col">Attempts</TableHead>
                <TableHead scope="col">Queued</TableHead>
                <TableHead scope="col">Last error</TableHead>
                <TableHead scope="col">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((job) => (
                <TableRow key={job.id}>
                  <TableCell className="font-mono text-xs">{job.name}</TableCell>
                  <TableCell>
                    <StatusBadge status={job.status} />
                  </TableCell>
                  <TableCell>
                    {job.attempts} of {job.maxAttempts}
                  </TableCell>
                  <TableCell>
                    <DateTime value={job.createdAt} relative />
                  </TableCell>
                  <TableCell className="min-w-48 max-w-xs whitespace-normal break-words text-sm">
                    {job.lastError ?? <span className="text-muted-foreground">—</span>}
                  </TableCell>
                  <TableCell>
                    {canRetry && job.status === 'failed' ? (
                      <ConfirmAction
                        trigger={
                          <Button type="button" size="sm" variant="outline" aria-label={`Retry ${job.name}`}>
                            <RotateCcwIcon aria-hidden="true" />
                            Retry
                          </Button>
                        }
                        title={`Retry ${job.name}?`}
                        description={
                          job.name === 'email.deliver'
                            ? 'The job is queued again with a fresh set of attempts, and the e-mail is sent again.'
                            : 'The job is queued again with a fresh set of attempts and runs shortly. Its work is done again.'
                        }
                        confirmLabel="Retry job"
                        pendingLabel="Queuing…"
                        confirmVariant="default"
                        fallbackFocus={filters}
                        onConfirm={() =>
                          retry.mutateAsync(
                            { jobId: job.id },
                            {
                              onSuccess: () => {
                                notices.success('Job queued again', `${job.name} runs again shortly.`);
                              },
                            },
                          )
                        }
                      />
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </TableScroll>
          <LoadMoreButton query={jobs}>Show more jobs</LoadMoreButton>
        </>
      )}
    </>
  );
}
