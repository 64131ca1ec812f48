/**
 * The wait a 429's `Retry-After` names, in words: "Try again in 10 minutes." rather
 * than "Wait a moment" when the wait is long (RFC 9110 §10.2.3: delta-seconds or an
 * HTTP date).
 */

/** Seconds to wait, from the header's value; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date = new Date()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

function count(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** "Try again in 45 seconds." / "in 10 minutes." / "in 2 hours.", always rounded up, never "in 0". */
export function formatRetryAfter(seconds: number): string {
  if (seconds < 60) return `Try again in ${count(Math.max(1, Math.ceil(seconds)), 'second')}.`;
  if (seconds < 60 * 60) return `Try again in ${count(Math.ceil(seconds / 60), 'minute')}.`;
  return `Try again in ${count(Math.ceil(seconds / 3600), 'hour')}.`;
}

/** RATE_LIMITED's message with the real wait. */
export function rateLimitedMessage(seconds: number): string {
  return `Too many attempts. ${formatRetryAfter(seconds)}`;
}
