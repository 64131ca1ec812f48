import { z } from 'zod';
// zod's messages in the product's words, on the client and the server alike.
import './messages.ts';

/**
 * Codecs for the fields a form holds as strings (an <input> only ever has a string):
 * each parses the form's text into what the server stores, and has a formatter for the
 * way back (filling a form from a stored value). Client and server parse the same
 * input with the same codec, so a rule is written once (docs/decisions/0028-form-kit.md).
 * Intl only: no date library ships for three functions.
 */

/** Longest text a codec reads: any real amount or date fits with room to spare. */
const maxInputLength = 32;

interface Issues {
  issues: z.core.$ZodRawIssue[];
}

function refuse(ctx: Issues, input: string, message: string): typeof z.NEVER {
  ctx.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

// ---------------------------------------------------------------- money

export interface MoneyOptions {
  /** Digits after the decimal point the currency has: 2 for EUR and USD, 0 for JPY, 3 for KWD. */
  decimals?: number;
  /** Refunds and corrections may be negative; prices may not. */
  allowNegative?: boolean;
  /** The largest amount in minor units; by default the largest a number holds exactly. */
  maxMinor?: number;
}

/**
 * What the form accepts: digits, optionally grouped by commas in threes ("1,234.50"),
 * and a point before the decimals. A comma anywhere else (a German "12,34") is
 * refused rather than guessed at: "1,234" would otherwise mean two different amounts.
 */
const amountPattern = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/;

/**
 * An amount typed as "12.34" (also "12", "12.3", "1,234.50"; not ".5" or "12,34") as an
 * integer in minor units (1234 cents), exact: no floating point on the way. More
 * decimals than the currency has are refused, not rounded: the person meant something.
 */
export function money({ decimals = 2, allowNegative = false, maxMinor = Number.MAX_SAFE_INTEGER }: MoneyOptions = {}) {
  return z
    .string()
    .trim()
    .max(maxInputLength)
    .transform((text, ctx) => parseMoney(text, { decimals, allowNegative, maxMinor }, ctx));
}

function parseMoney(text: string, options: Required<MoneyOptions>, ctx: Issues): number {
  if (text === '') return refuse(ctx, text, 'Required.');
  const example = options.decimals > 0 ? `12.${'34567'.slice(0, options.decimals)}` : '12';
  const match = amountPattern.exec(text);
  if (!match) return refuse(ctx, text, `Enter an amount like ${example}.`);
  const [, minus, whole = '', fraction = ''] = match;
  if (minus && !options.allowNegative) return refuse(ctx, text, 'Must not be negative.');
  if (fraction.length > options.decimals)
    return refuse(
      ctx,
      text,
      options.decimals === 0
        ? 'Enter a whole amount, without decimals.'
        : `At most ${options.decimals} ${options.decimals === 1 ? 'digit' : 'digits'} after the point.`,
    );
  const digits = whole.replaceAll(',', '') + fraction.padEnd(options.decimals, '0');
  const minor = Number(digits);
  if (!Number.isSafeInteger(minor) || minor > options.maxMinor)
    return refuse(ctx, text, `Must be ${formatMoney(options.maxMinor, options)} or less.`);
  // -0 would print as "0" but compare oddly; "-0.00" is zero.
  return minus && minor !== 0 ? -minor : minor;
}

/** Minor units back into the form's text: 1234 → "12.34", -5 → "-0.05", 100 with 0 decimals → "100". */
export function formatMoney(minor: number, { decimals = 2 }: Pick<MoneyOptions, 'decimals'> = {}): string {
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

// ---------------------------------------------------------------- calendar date

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last of this one; UTC so no zone moves it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * A calendar day as 'YYYY-MM-DD' (what <input type="date"> holds), kept as that
 * string: a birthday or a due date has no time zone, and a Date would give it one.
 * A day the calendar lacks (February 30, February 29 of 2026) is refused.
 */
export function calendarDate() {
  return z
    .string()
    .trim()
    .max(maxInputLength)
    .transform((text, ctx) => {
      if (text === '') return refuse(ctx, text, 'Required.');
      const match = datePattern.exec(text);
      if (!match) return refuse(ctx, text, 'Enter a date as YYYY-MM-DD.');
      const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
      if (!validDay(year, month, day)) return refuse(ctx, text, 'This day is not in the calendar.');
      return text;
    });
}

// ---------------------------------------------------------------- date and time in a zone

const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (they are slow to make); throws RangeError for a zone Intl does not know. */
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock in `zone` at `instant` (milliseconds), as if that clock were UTC. */
function wallClockAt(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** What `zone`'s clock and calendar show at `instant`; `weekday` 0 is Sunday, as Date counts. */
export function wallTimeOf(instant: Date, zone: string): WallTime & { weekday: number } {
  const wall = new Date(wallClockAt(instant.getTime(), zone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    weekday: wall.getUTCDay(),
  };
}

/** How far `zone`'s clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockAt(whole, zone) - whole;
}

const day = 24 * 60 * 60 * 1000;

/**
 * The instants at which `zone`'s clock shows `wall`: one on most days, none in a
 * spring-forward gap, two in a fall-back overlap (earlier first). Zones change their
 * offset at most once within a day either side, so the offsets a day before and a day
 * after are the only ones to try.
 */
export function instantsAt(wall: WallTime, zone: string): Date[] {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const offsets = new Set([offsetAt(asUtc - day, zone), offsetAt(asUtc + day, zone)]);
  return [...offsets]
    .map((offset) => asUtc - offset)
    .filter((instant) => wallClockAt(instant, zone) === asUtc)
    .sort((a, b) => a - b)
    .map((instant) => new Date(instant));
}

/**
 * A date and time as 'YYYY-MM-DDTHH:mm' (what <input type="datetime-local"> holds)
 * read as the wall clock in the IANA `zone`, parsed into the instant (a Date). A time
 * the clocks skip (02:30 on the night they spring forward) is refused; a time they
 * show twice (02:30 on the night they fall back) is the earlier of the two, the one a
 * person awake through the night reaches first.
 */
export function zonedDateTime(zone: string) {
  formatterFor(zone); // A zone Intl does not know is a programming error: fail where the schema is made.
  return z
    .string()
    .trim()
    .max(maxInputLength)
    .transform((text, ctx) => {
      if (text === '') return refuse(ctx, text, 'Required.');
      const match = dateTimePattern.exec(text);
      if (!match) return refuse(ctx, text, 'Enter a date and a time.');
      const [year, month, dayOfMonth, hour, minute] = match.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
        number,
      ];
      if (!validDay(year, month, dayOfMonth) || hour > 23 || minute > 59)
        return refuse(ctx, text, 'This date and time is not in the calendar.');
      const [earliest] = instantsAt({ year, month, day: dayOfMonth, hour, minute }, zone);
      if (!earliest)
        return refuse(
          ctx,
          text,
          `This time does not exist in ${zone}: the clocks skip it when they go forward. Choose a later time.`,
        );
      return earliest;
    });
}

/** An instant back into the form's text, as the wall clock in `zone` shows it (minutes, seconds dropped). */
export function formatZonedDateTime(instant: Date, zone: string): string {
  const wall = new Date(wallClockAt(instant.getTime(), zone));
  return wall.toISOString().slice(0, 16);
}
