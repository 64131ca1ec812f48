import type { ReactNode } from 'react';
import { QueryError } from '../components/query-error.tsx';
import { trpc } from '../trpc.ts';
import { useDocumentTitle } from '../use-document-title.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function formatUptime(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** Shows `system.health` and `system.info`, with loading, error and retry states. */
export function StatusScreen() {
  useDocumentTitle('Status');
  const health = trpc.system.health.useQuery(undefined, { refetchInterval: 15_000 });
  const info = trpc.system.info.useQuery();

  return (
    <section aria-labelledby="status-title">
      <h1 id="status-title">System status</h1>

      <QueryPanel
        title="Health"
        query={health}
        render={(data) => (
          <dl className="facts">
            <dt>Server</dt>
            <dd>{data.status === 'ok' ? 'Healthy' : 'Degraded'}</dd>
            <dt>Database</dt>
            <dd>
              <span className={`badge badge-${data.database.status}`}>
                {data.database.status === 'up' ? 'Healthy' : 'Unreachable'}
              </span>{' '}
              ({data.database.latencyMs} ms)
            </dd>
            <dt>Checked at</dt>
            <dd>{dateTime.format(data.checkedAt)}</dd>
          </dl>
        )}
      />

      <QueryPanel
        title="About this server"
        query={info}
        render={(data) => (
          <dl className="facts">
            <dt>Name</dt>
            <dd>{data.name}</dd>
            <dt>Version</dt>
            <dd>{data.version}</dd>
            <dt>Commit</dt>
            <dd>
              <code>{data.commit.slice(0, 12)}</code>
            </dd>
            <dt>Running since</dt>
            <dd>
              {dateTime.format(data.startedAt)} ({formatUptime(data.uptimeSeconds)})
            </dd>
            <dt>Database engine</dt>
            <dd>
              {data.database.engine} {data.database.version}
            </dd>
          </dl>
        )}
      />
    </section>
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
  query,
  render,
}: {
  title: string;
  query: QueryLike<T>;
  render: (data: T) => ReactNode;
}) {
  const headingId = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="panel" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <h2 id={headingId}>{title}</h2>
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : query.error ? (
        <QueryError title="Could not reach the server" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data !== undefined ? (
        render(query.data)
      ) : null}
    </section>
  );
}
