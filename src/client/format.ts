const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as people read it, in their locale; `none` for a moment that is not set ("Never"). */
export function formatDateTime(date: Date | null, none = 'Never'): string {
  return date ? dateTime.format(date) : none;
}
