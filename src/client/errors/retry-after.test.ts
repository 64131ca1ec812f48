import { describe, expect, it } from 'vitest';
import { formatRetryAfter, parseRetryAfter, rateLimitedMessage } from './retry-after.ts';

describe('Retry-After in words', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    expect(parseRetryAfter('600')).toBe(600);
    expect(parseRetryAfter(' 5 ')).toBe(5);
    const now = new Date('2026-11-26T10:00:00Z');
    expect(parseRetryAfter('Thu, 26 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('')).toBeNull();
  });

  it('says seconds, minutes or hours, rounded up and never zero', () => {
    expect(formatRetryAfter(0)).toBe('Try again in 1 second.');
    expect(formatRetryAfter(1)).toBe('Try again in 1 second.');
    expect(formatRetryAfter(45)).toBe('Try again in 45 seconds.');
    expect(formatRetryAfter(60)).toBe('Try again in 1 minute.');
    expect(formatRetryAfter(61)).toBe('Try again in 2 minutes.');
    expect(formatRetryAfter(600)).toBe('Try again in 10 minutes.');
    expect(formatRetryAfter(899)).toBe('Try again in 15 minutes.');
    expect(formatRetryAfter(3600)).toBe('Try again in 1 hour.');
    expect(formatRetryAfter(7201)).toBe('Try again in 3 hours.');
  });

  it('puts the wait in the rate limit’s message', () => {
    expect(rateLimitedMessage(600)).toBe('Too many attempts. Try again in 10 minutes.');
  });
});
