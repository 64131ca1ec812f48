/**
 * Moments as people read them, in their own locale: compact ("26 Nov, 14:05"; the year
 * only when it is not this year, so a table's dates stay short) and relative ("3 minutes
 * ago"). `locale` and `now` are for tests; screens leave them out.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string | undefined, withYear: boolean, withSeconds: boolean): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${withYear ? 'y' : ''}|${withSeconds ? 's' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      ...(withSeconds ? { second: '2-digit' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

interface FormatOptions {
  locale?: string;
  now?: Date;
}

interface DateTimeOptions extends FormatOptions {
  /** With seconds ("26 Nov, 14:05:09"): for records where the order within a minute matters (the audit trail). */
  seconds?: boolean;
}

/** A moment in a few characters; `none` for one that is not set ("Never"). */
export function formatDateTime(
  date: Date | null,
  none = 'Never',
  { locale, now = new Date(), seconds = false }: DateTimeOptions = {},
) {
  if (!date) return none;
  return dateTimeFormat(locale, date.getFullYear() !== now.getFullYear(), seconds).format(date);
}

/** The whole moment, for a tooltip: weekday, full date and time with seconds. */
export function formatFullDateTime(date: Date, { locale }: Pick<FormatOptions, 'locale'> = {}): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'medium' }).format(date);
}

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
];

/**
 * How long ago (or how far ahead) a moment is: "3 minutes ago", "in 6 days",
 * "yesterday". Under a minute it is "now": seconds would tick as people read.
 */
export function formatRelative(date: Date, { locale, now = new Date() }: FormatOptions = {}): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const seconds = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
