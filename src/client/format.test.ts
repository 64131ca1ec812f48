import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelative } from './format.ts';

const now = new Date(2026, 10, 26, 14, 30);

describe('formatDateTime', () => {
  it('leaves the year out for a moment in this year', () => {
    expect(formatDateTime(new Date(2026, 10, 26, 14, 5), 'Never', { locale: 'en-GB', now })).toBe('26 Nov, 14:05');
  });

  it('shows the year for a moment in another year', () => {
    expect(formatDateTime(new Date(2025, 0, 3, 9, 0), 'Never', { locale: 'en-GB', now })).toBe('3 Jan 2025, 09:00');
  });

  it("follows the person's locale", () => {
    expect(formatDateTime(new Date(2026, 10, 26, 14, 5), 'Never', { locale: 'en-US', now })).toBe('Nov 26, 02:05 PM');
    expect(formatDateTime(new Date(2026, 10, 26, 14, 5), 'Never', { locale: 'de-DE', now })).toBe('26. Nov., 14:05');
  });

  it('adds seconds when asked, for the audit trail', () => {
    const moment = new Date(2026, 10, 26, 14, 5, 9);
    expect(formatDateTime(moment, 'Never', { locale: 'en-GB', now, seconds: true })).toBe('26 Nov, 14:05:09');
    expect(formatDateTime(moment, 'Never', { locale: 'en-US', now, seconds: true })).toBe('Nov 26, 02:05:09 PM');
  });

  it('says what a missing moment means', () => {
    expect(formatDateTime(null)).toBe('Never');
    expect(formatDateTime(null, 'Not yet')).toBe('Not yet');
  });
});

describe('formatRelative', () => {
  const ago = (seconds: number) => formatRelative(new Date(now.getTime() - seconds * 1000), { locale: 'en', now });

  it('says "now" under a minute', () => {
    expect(ago(20)).toBe('now');
  });

  it('counts minutes, hours and days in the past', () => {
    expect(ago(3 * 60)).toBe('3 minutes ago');
    expect(ago(2 * 60 * 60 + 5)).toBe('2 hours ago');
    expect(ago(24 * 60 * 60)).toBe('yesterday');
    expect(ago(3 * 24 * 60 * 60)).toBe('3 days ago');
  });

  it('speaks of the future too', () => {
    expect(ago(-6 * 24 * 60 * 60)).toBe('in 6 days');
    expect(ago(-30 * 24 * 60 * 60)).toBe('next month');
  });
});
