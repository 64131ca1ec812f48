import type { ReactNode } from 'react';
import { QueryError } from '../components/query-error.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { trpc } from '../trpc.ts';
import { useDocumentTitle } from '../use-document-title.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function formatUptime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/**
 * Shows `system.health` and `system.info`, with loading, error and retry states. The
 * server sends build details (version, commit, database engine) only to those who may
 * read them (`read:system:any`); others see the section without them.
 */
export function StatusScreen() {
  useDocumentTitle('Status');
  const health = trpc.system.health.useQuery(undefined, { refetchInterval: 15_000 });
  const info = trpc.system.info.useQuery();

  return (
    <section aria-labelledby="status-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 id="status-title" className="text-3xl font-semibold tracking-tight">
          System status
        </h1>
        <p className="text-muted-foreground">
          Whether the server and its database are answering, checked every 15 seconds.
        </p>
      </header>

      <div className="grid gap-6 md:grid-cols-2">
        <QueryPanel
          title="Health"
          description="A round trip to the database."
          query={health}
          rows={3}
          render={(data) => (
            <Facts>
              <Fact term="Server">
                <StatusBadge status={data.status === 'ok' ? 'healthy' : 'degraded'} />
              </Fact>
              <Fact term="Database">
                <StatusBadge status={data.database.status === 'up' ? 'healthy' : 'unreachable'} />{' '}
                <span className="text-muted-foreground tabular-nums">({data.database.latencyMs} ms)</span>
              </Fact>
              <Fact term="Checked at">{dateTime.format(data.checkedAt)}</Fact>
            </Facts>
          )}
        />

        <QueryPanel
          title="About this server"
          description="What is running, and since when."
          query={info}
          rows={2}
          render={(data) => (
            <Facts>
              <Fact term="Name">{data.name}</Fact>
              <Fact term="Running since">
                {dateTime.format(data.startedAt)}{' '}
                <span className="text-muted-foreground">({formatUptime(data.uptimeSeconds)})</span>
              </Fact>
              {data.build ? (
                <>
                  <Fact term="Version">{data.build.version}</Fact>
                  <Fact term="Commit">
                    <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
                      {data.build.commit.slice(0, 12)}
                    </code>
                  </Fact>
                  <Fact term="Database engine">
                    {data.build.database.engine} {data.build.database.version}
                  </Fact>
                </>
              ) : null}
            </Facts>
          )}
        />
      </div>
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm">{children}</dl>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 font-medium break-words">{children}</dd>
    </>
  );
}

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

function QueryPanel<T>({
  title,
  description,
  query,
  rows,
  render,
}: {
  title: string;
  description: string;
  query: QueryLike<T>;
  /** How many facts the loaded panel shows, so the skeleton takes about its place. */
  rows: number;
  render: (data: T) => ReactNode;
}) {
  const headingId = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card role="region" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label="Loading" className="flex flex-col gap-3">
            {Array.from({ length: rows }, (_, index) => (
              <Skeleton key={index} className="h-5 w-full" />
            ))}
          </div>
        ) : query.error ? (
          <QueryError title="Could not reach the server" error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data !== undefined ? (
          render(query.data)
        ) : null}
      </CardContent>
    </Card>
  );
}
