import { formatDateTime, formatFullDateTime, formatRelative } from '../format.ts';

interface DateTimeProps {
  value: Date | null;
  /** Said when there is no moment, e.g. "Never". */
  none?: string;
  /** Adds "3 minutes ago" under the date, for recent activity. */
  relative?: boolean;
  /**
   * To the second, with the ISO timestamp in the tooltip: for records read as evidence
   * (the audit trail), where the order within a minute and the exact instant matter.
   */
  precise?: boolean;
}

/** A moment in a table or a list: compact, on one line, the full date and time on hover. */
export function DateTime({ value, none = 'Never', relative = false, precise = false }: DateTimeProps) {
  if (!value) return <span className="text-muted-foreground">{none}</span>;
  const iso = value.toISOString();
  return (
    <time
      dateTime={iso}
      title={precise ? `${formatFullDateTime(value)}\n${iso}` : formatFullDateTime(value)}
      className="whitespace-nowrap tabular-nums"
    >
      {formatDateTime(value, undefined, { seconds: precise })}
      {relative ? <span className="block text-xs text-muted-foreground">{formatRelative(value)}</span> : null}
    </time>
  );
}
