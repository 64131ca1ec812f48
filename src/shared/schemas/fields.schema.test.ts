import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { calendarDate, formatMoney, formatZonedDateTime, instantsAt, money, zonedDateTime } from './fields.schema.ts';

/** The one message a refused input gets, or the parsed value. */
function parse<S extends z.ZodType>(schema: S, input: unknown) {
  const result = schema.safeParse(input);
  return result.success
    ? { value: result.data }
    : { error: result.error.issues.map((issue) => issue.message).join(' ') };
}

describe('money', () => {
  it.each([
    ['12.34', 1234],
    ['12', 1200],
    ['12.3', 1230],
    ['12.', 1200],
    ['0.05', 5],
    ['  7.00 ', 700],
    ['1,234.50', 123450],
    ['1,234,567', 123456700],
    ['0', 0],
  ])('%j is %d cents', (input, cents) => {
    expect(parse(money(), input)).toEqual({ value: cents });
  });

  it.each([
    ['', 'Required.'],
    ['12.345', 'At most 2 digits after the point.'],
    ['-1', 'Must not be negative.'],
    ['12,34', 'Enter an amount like 12.34.'],
    ['1,23.00', 'Enter an amount like 12.34.'],
    ['.5', 'Enter an amount like 12.34.'],
    ['1e3', 'Enter an amount like 12.34.'],
    ['€12', 'Enter an amount like 12.34.'],
    ['99999999999999999', 'Must be 90071992547409.91 or less.'],
  ])('refuses %j: %s', (input, message) => {
    expect(parse(money(), input)).toEqual({ error: message });
  });

  it('takes negatives when allowed, and "-0" as zero', () => {
    expect(parse(money({ allowNegative: true }), '-12.34')).toEqual({ value: -1234 });
    expect(Object.is(parse(money({ allowNegative: true }), '-0.00').value, 0)).toBe(true);
  });

  it('follows the currency: no decimals for yen, three for dinars, and a maximum', () => {
    expect(parse(money({ decimals: 0 }), '1,500')).toEqual({ value: 1500 });
    expect(parse(money({ decimals: 0 }), '15.5')).toEqual({ error: 'Enter a whole amount, without decimals.' });
    expect(parse(money({ decimals: 3 }), '1.5')).toEqual({ value: 1500 });
    expect(parse(money({ maxMinor: 100_00 }), '100.01')).toEqual({ error: 'Must be 100.00 or less.' });
  });

  it.each([0, 5, 99, 1234, -1234, 123450, Number.MAX_SAFE_INTEGER])('round-trips %d', (cents) => {
    expect(parse(money({ allowNegative: true }), formatMoney(cents))).toEqual({ value: cents });
  });

  it('formats for other currencies', () => {
    expect(formatMoney(1500, { decimals: 0 })).toBe('1500');
    expect(formatMoney(5, { decimals: 3 })).toBe('0.005');
  });
});

describe('calendarDate', () => {
  it.each([
    ['2024-02-29', { value: '2024-02-29' }],
    ['2000-02-29', { value: '2000-02-29' }],
    ['2026-02-28', { value: '2026-02-28' }],
    ['2026-12-31', { value: '2026-12-31' }],
    ['2026-02-29', { error: 'This day is not in the calendar.' }],
    ['1900-02-29', { error: 'This day is not in the calendar.' }],
    ['2026-02-30', { error: 'This day is not in the calendar.' }],
    ['2026-04-31', { error: 'This day is not in the calendar.' }],
    ['2026-13-01', { error: 'This day is not in the calendar.' }],
    ['2026-00-10', { error: 'This day is not in the calendar.' }],
    ['26-1-1', { error: 'Enter a date as YYYY-MM-DD.' }],
    ['', { error: 'Required.' }],
  ])('%j → %o', (input, expected) => {
    expect(parse(calendarDate(), input)).toEqual(expected);
  });
});

describe('zonedDateTime', () => {
  const berlin = zonedDateTime('Europe/Berlin');
  const newYork = zonedDateTime('America/New_York');
  const iso = (input: string, schema = berlin) => {
    const result = schema.safeParse(input);
    return result.success ? result.data.toISOString() : result.error.issues.map((issue) => issue.message).join(' ');
  };

  it('reads an ordinary time in the zone: winter and summer offsets', () => {
    expect(iso('2026-01-15T09:00')).toBe('2026-01-15T08:00:00.000Z');
    expect(iso('2026-07-01T09:00')).toBe('2026-07-01T07:00:00.000Z');
    expect(iso('2026-07-01T09:00', newYork)).toBe('2026-07-01T13:00:00.000Z');
    expect(iso('2024-02-29T23:59', newYork)).toBe('2024-03-01T04:59:00.000Z');
  });

  it('refuses a time the clocks skip (spring forward)', () => {
    // Berlin: 2026-03-29 02:00 → 03:00; New York: 2026-03-08 02:00 → 03:00.
    const gap = /^This time does not exist in .*: the clocks skip it when they go forward\. Choose a later time\.$/;
    expect(iso('2026-03-29T02:30')).toMatch(gap);
    expect(iso('2026-03-29T02:00')).toMatch(gap);
    expect(iso('2026-03-08T02:30', newYork)).toMatch(gap);
    // Either side of the gap is fine.
    expect(iso('2026-03-29T01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(iso('2026-03-08T03:00', newYork)).toBe('2026-03-08T07:00:00.000Z');
  });

  it('takes the earlier instant of a time the clocks show twice (fall back)', () => {
    // Berlin: 2026-10-25 03:00 CEST → 02:00 CET; New York: 2026-11-01 02:00 EDT → 01:00 EST.
    expect(instantsAt({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Berlin')).toEqual([
      new Date('2026-10-25T00:30:00Z'),
      new Date('2026-10-25T01:30:00Z'),
    ]);
    expect(iso('2026-10-25T02:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(iso('2026-11-01T01:30', newYork)).toBe('2026-11-01T05:30:00.000Z');
  });

  it.each([
    ['2026-02-29T10:00', 'This date and time is not in the calendar.'],
    ['2026-01-01T24:00', 'This date and time is not in the calendar.'],
    ['2026-01-01 10:00', 'Enter a date and a time.'],
    ['', 'Required.'],
  ])('refuses %j', (input, message) => {
    expect(iso(input)).toBe(message);
  });

  it('refuses a zone Intl does not know where the schema is made', () => {
    expect(() => zonedDateTime('Mars/Olympus')).toThrow(RangeError);
  });

  it.each([
    ['2026-01-15T09:00', 'Europe/Berlin'],
    ['2026-03-29T03:00', 'Europe/Berlin'],
    ['2026-10-25T02:30', 'Europe/Berlin'],
    ['2026-11-01T01:30', 'America/New_York'],
    ['2026-06-30T23:45', 'Asia/Kolkata'],
  ])('round-trips %s in %s', (text, zone) => {
    const instant = zonedDateTime(zone).parse(text);
    expect(formatZonedDateTime(instant, zone)).toBe(text);
  });

  it('formats the later instant of an overlap with the same wall time', () => {
    expect(formatZonedDateTime(new Date('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25T02:30');
  });
});
