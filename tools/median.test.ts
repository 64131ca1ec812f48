import { describe, expect, it } from 'vitest';
import { median } from './median.ts';

describe('median', () => {
  it('is the middle value, so one outlying reading does not move it', () => {
    expect(median([1500, 2600, 1550, 1620, 1270])).toBe(1550);
    expect(median([1600, 1400])).toBe(1500);
    expect(median([1900])).toBe(1900);
  });

  it('refuses no values', () => {
    expect(() => median([])).toThrow(/at least one/);
  });
});
