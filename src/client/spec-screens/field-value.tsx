import { Badge } from '../components/ui/badge.tsx';
import type { FieldMeta } from '../../shared/spec/entity-meta.ts';
import { choiceLabel, formatValue, none } from './cell-format.ts';
import { RelatedTitle } from './related-title.tsx';

/** A record's state as a badge: the word carries it. */
export function StateBadge({ state }: { state: string }) {
  return (
    <Badge variant="outline" className="border-primary/25 bg-primary/5 text-foreground">
      {choiceLabel(state)}
    </Badge>
  );
}

/** [2] One stored value as a screen shows it: choices as badges, relations by title, the rest formatted (cell-format.ts). */
export function FieldValue({ field, value }: { field: FieldMeta; value: unknown }) {
  if (field.kind === 'relation')
    return field.cardinality === 'one' ? (
      <RelatedTitle to={field.to} id={typeof value === 'string' ? value : null} />
    ) : null;
  if (field.kind === 'enum' && typeof value === 'string')
    return (
      <Badge variant="outline" className="border-border bg-muted text-foreground">
        {choiceLabel(value)}
      </Badge>
    );
  const text = formatValue(field, value);
  if (text === none) return <span className="text-muted-foreground">{none}</span>;
  const numeric = field.kind === 'money' || field.kind === 'int' || field.kind === 'decimal';
  return (
    <span className={numeric ? 'tabular-nums' : field.kind === 'text' ? 'whitespace-pre-line' : undefined}>{text}</span>
  );
}
