import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './cpu-slowdown.ts';

describe('cpuSlowdownFor', () => {
  it("gives about Lighthouse's default 4x on a high-end desktop host", () => {
    expect(cpuSlowdownFor(1533)).toBe(4);
  });

  it('slows a slower host down less, never below 1x', () => {
    expect(cpuSlowdownFor(1050)).toBe(2.5);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(100)).toBe(1);
  });

  it('has no jump where its ranges meet', () => {
    for (const edge of [150, 800, 1300]) {
      expect(Math.abs(cpuSlowdownFor(edge) - cpuSlowdownFor(edge - 1))).toBeLessThanOrEqual(0.1);
    }
  });

  it('follows the calculator up to its last data point, 6x at 2000', () => {
    expect(cpuSlowdownFor(1766)).toBe(5);
    expect(cpuSlowdownFor(2000)).toBe(6);
  });

  it('past 2000 keeps emulating the phone it emulates at 2000, not a slower one', () => {
    expect(cpuSlowdownFor(2500)).toBe(7.5);
    expect(cpuSlowdownFor(3000)).toBe(9);
    // The phone's own benchmarkIndex (host ÷ slowdown) stays at about 333.
    for (const index of [2100, 2600, 3500]) expect(index / cpuSlowdownFor(index)).toBeCloseTo(333, -1);
  });

  it('grows with the host speed', () => {
    let previous = 0;
    for (let index = 50; index <= 4000; index += 25) {
      const multiplier = cpuSlowdownFor(index);
      expect(multiplier).toBeGreaterThanOrEqual(previous);
      previous = multiplier;
    }
  });

  it('refuses a missing benchmark', () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/benchmarkIndex/);
    expect(() => cpuSlowdownFor(0)).toThrow(/benchmarkIndex/);
  });
});
