import { formatDateTime, formatFullDateTime, formatRelative } from '../format.ts';

interface DateTimeProps {
  value: Date | null;
  /** Said when there is no moment, e.g. "Never". */
  none?: string;
  /** Adds "3 minutes ago" under the date, for recent activity. */
  relative?: boolean;
}

/** A moment in a table or a list: compact, on one line, the full date and time on hover. */
export function DateTime({ value, none = 'Never', relative = false }: DateTimeProps) {
  if (!value) return <span className="text-muted-foreground">{none}</span>;
  return (
    <time dateTime={value.toISOString()} title={formatFullDateTime(value)} className="whitespace-nowrap">
      {formatDateTime(value)}
      {relative ? <span className="block text-xs text-muted-foreground">{formatRelative(value)}</span> : null}
    </time>
  );
}
