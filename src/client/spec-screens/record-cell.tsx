import { TableCell, TableHead } from '../components/ui/table.tsx';
import type { Column } from './cell-format.ts';
import type { Row } from './entity-procedures.ts';
import { FieldValue, StateBadge } from './field-value.tsx';
import { SpecLink } from './spec-link.tsx';

/** A column's key in a row of a table of records. */
export const columnKey = (column: Column) => (column.kind === 'field' ? column.name : column.kind);

/** One cell; the first of a row links to the record's detail screen and names the row. */
export function RecordCell({
  column,
  row,
  link,
  title,
}: {
  column: Column;
  row: Row;
  link: string | null;
  title: string;
}) {
  const value =
    column.kind === 'field'
      ? row[column.field.kind === 'relation' && column.field.cardinality === 'one' ? column.field.column : column.name]
      : row[column.kind];
  if (link)
    return (
      <TableHead scope="row" className="font-medium">
        <SpecLink
          to={link}
          params={{ id: row.id }}
          aria-label={column.kind === 'number' ? `${String(value)}: ${title}` : undefined}
          className="text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]"
        >
          {typeof value === 'string' && value ? value : title}
        </SpecLink>
      </TableHead>
    );
  return (
    <TableCell className="max-w-64 truncate">
      {column.kind === 'state' ? (
        <StateBadge state={String(value)} />
      ) : column.kind === 'number' ? (
        <span className="tabular-nums">{String(value)}</span>
      ) : (
        <FieldValue field={column.field} value={value} />
      )}
    </TableCell>
  );
}
