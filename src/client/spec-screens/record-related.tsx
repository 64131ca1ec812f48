import { DateTime } from '../components/date-time.tsx';
import { QueryError } from '../components/query-error.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { TableSkeleton } from '../components/table-skeleton.tsx';
import { TableBody, TableHead, TableHeader, TableRow } from '../components/ui/table.tsx';
import { limits } from '../../shared/constants.ts';
import type { EntityMeta } from '../../shared/spec/entity-meta.ts';
import { choiceLabel, listColumns, recordTitle } from './cell-format.ts';
import { entityHooks } from './entity-procedures.ts';
import { columnKey, RecordCell } from './record-cell.tsx';
import { routeOf } from './screen-routes.ts';
import { screenEntity } from './spec-entities.ts';
import { useViewer } from '../viewer/use-viewer.ts';

/**
 * [2] A `many` relation on a record's detail screen (a work order's part lines): the
 * related list filtered by the field pointing back, when that list declares the filter
 * (spec/calls.ts), else nothing. One page, the largest; a longer one says so.
 */
export function RelatedRecords({ to, via, id, label }: { to: string; via: string; id: string; label: string }) {
  const related = screenEntity(to, useViewer().data?.role ?? null);
  const offered = related.operations.includes('list') && related.list.filters.includes(via);
  const records = entityHooks(to).list.useQuery(
    { filters: { [via]: id }, limit: limits.page.maxSize },
    { enabled: offered },
  );
  if (!offered) return null;
  const columns = listColumns({ ...related.meta, fields: withoutField(related.meta.fields, via) });
  const detail = routeOf(to, 'detail');
  return (
    <section aria-label={label} className="grid gap-2">
      <h2 className="text-lg font-semibold">{label}</h2>
      {records.isPending ? (
        <TableSkeleton label={`Loading ${label.toLowerCase()}…`} rows={2} />
      ) : records.error || !records.data ? (
        <QueryError
          title={`Could not load the ${label.toLowerCase()}`}
          error={records.error}
          onRetry={() => void records.refetch()}
        />
      ) : records.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">None yet.</p>
      ) : (
        <TableScroll caption={label} hideCaption>
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHead key={columnKey(column)} scope="col">
                  {column.kind === 'field' ? column.field.label : choiceLabel(column.kind)}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {records.data.items.map((row) => (
              <TableRow key={row.id}>
                {columns.map((column, index) => (
                  <RecordCell
                    key={columnKey(column)}
                    column={column}
                    row={row}
                    link={index === 0 ? detail : null}
                    title={recordTitle(related.meta, row)}
                  />
                ))}
              </TableRow>
            ))}
          </TableBody>
        </TableScroll>
      )}
      {records.data?.nextCursor ? (
        <p className="text-sm text-muted-foreground">Showing the first {limits.page.maxSize}.</p>
      ) : null}
    </section>
  );
}

function withoutField(fields: EntityMeta['fields'], name: string): EntityMeta['fields'] {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => key !== name));
}

/** [4] A record's state changes, oldest first: when, who, from and to, and the note. */
export function RecordHistory({ entity, id }: { entity: string; id: string }) {
  const history = entityHooks(entity).history.useQuery({ id });
  if (history.isPending || !history.data?.length) return null;
  return (
    <section aria-label="History" className="grid gap-2">
      <h2 className="text-lg font-semibold">History</h2>
      <ol className="grid gap-3 border-l pl-4">
        {history.data.map((change) => (
          <li key={change.id} className="grid gap-0.5 text-sm">
            <span>
              <span className="font-medium">{choiceLabel(change.toState)}</span>
              <span className="text-muted-foreground">
                {' '}
                from {choiceLabel(change.fromState).toLowerCase()}, by {change.actorName}
              </span>
            </span>
            <span className="text-muted-foreground">
              <DateTime value={change.at} />
            </span>
            {change.note ? <span className="whitespace-pre-line [overflow-wrap:anywhere]">{change.note}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
