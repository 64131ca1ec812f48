import { PlusIcon } from 'lucide-react';
import { useMemo } from 'react';
import { LoadMoreButton } from '../components/load-more-button.tsx';
import { QueryError } from '../components/query-error.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { TableSkeleton } from '../components/table-skeleton.tsx';
import { buttonVariants } from '../components/ui/button.tsx';
import { TableBody, TableHead, TableHeader, TableRow } from '../components/ui/table.tsx';
import { useSearch, type RoutePath } from '../router/router.tsx';
import type { Viewer } from '../viewer/use-viewer.ts';
import { listColumns, recordTitle } from './cell-format.ts';
import { entityHooks } from './entity-procedures.ts';
import { columnKey, RecordCell } from './record-cell.tsx';
import { ListFilters } from './list-filters.tsx';
import { isNarrowed, listInputOf } from './list-input-of.ts';
import type { ListSearch } from './list-search.ts';
import { listSearch, listSearchShape } from './list-search-shape.ts';
import { mayDo } from './screen-access.ts';
import { routeOf } from './screen-routes.ts';
import { SpecLink, useSpecNavigate } from './spec-link.tsx';
import type { ScreenEntity } from './spec-entities.ts';
import { holdsOf, SpecScreenFrame } from './spec-screen-frame.tsx';
import type { SpecScreen } from './spec-screen.ts';

/**
 * [2] An entity's list: a table on the kit with a column per field, formatted by kind,
 * the search box, filters and sort kept in the address (list-search.ts), a page at a
 * time ("Load more" follows the cursor), and "New" for a caller who may create.
 */
export function EntityListScreen({ screen, entity }: { screen: SpecScreen; entity: ScreenEntity }) {
  const shape = useMemo(() => listSearchShape(entity.meta, entity.list), [entity]);
  // The route keeps the address's values; the entity's filters and sorts keep theirs.
  const search = listSearch(shape)(useSearch(screen.route as RoutePath));
  const navigate = useSpecNavigate();
  const create = routeOf(entity.meta.name, 'form');
  return (
    <SpecScreenFrame
      screen={screen}
      actions={(viewer: Viewer) =>
        create && entity.operations.includes('create') && mayDo(entity.meta, 'create', holdsOf(viewer)) ? (
          <SpecLink to={create} className={buttonVariants()}>
            <PlusIcon aria-hidden="true" />
            New {entity.meta.label.toLowerCase()}
          </SpecLink>
        ) : null
      }
    >
      {() => (
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)]">
          <ListFilters
            // A new form when the address changes (back, forward), so the fields show the search in use.
            key={JSON.stringify(search)}
            meta={entity.meta}
            shape={shape}
            search={search}
            archivable={entity.operations.includes('archive')}
            onSearch={(next) => {
              navigate({ to: screen.route, search: next });
            }}
          />
          <RecordTable screen={screen} entity={entity} search={search} />
        </div>
      )}
    </SpecScreenFrame>
  );
}

function RecordTable({ screen, entity, search }: { screen: SpecScreen; entity: ScreenEntity; search: ListSearch }) {
  const { meta } = entity;
  const records = entityHooks(meta.name).list.useInfiniteQuery(listInputOf(meta, entity.list, search), {
    getNextPageParam: (page) => page.nextCursor,
  });
  const columns = listColumns(meta);
  const detail = routeOf(meta.name, 'detail');
  const plural = meta.plural.toLowerCase();

  if (records.isPending) return <TableSkeleton label={`Loading ${plural}…`} rows={5} />;
  if (records.error || !records.data)
    return (
      <QueryError title={`Could not load the ${plural}`} error={records.error} onRetry={() => void records.refetch()} />
    );
  const rows = records.data.pages.flatMap((page) => page.items);
  if (rows.length === 0)
    return (
      <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
        {isNarrowed(search) ? `No ${plural} match this search.` : `No ${plural} yet.`}
      </p>
    );
  return (
    <>
      <TableScroll caption={isNarrowed(search) ? `${meta.plural} matching the search` : screen.title} hideCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={columnKey(column)} scope="col">
                {column.kind === 'number' ? 'Number' : column.kind === 'state' ? 'State' : column.field.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((column, index) => (
                <RecordCell
                  key={columnKey(column)}
                  column={column}
                  row={row}
                  link={index === 0 ? detail : null}
                  title={recordTitle(meta, row)}
                />
              ))}
            </TableRow>
          ))}
        </TableBody>
      </TableScroll>
      <LoadMoreButton query={records}>Load more</LoadMoreButton>
    </>
  );
}
