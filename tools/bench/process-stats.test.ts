import { describe, expect, it } from 'vitest';
import { cpuSeconds, parseCpuTicks } from './process-stats.ts';

describe('parseCpuTicks', () => {
  it('adds utime and stime, even when the command name holds spaces and parentheses', () => {
    const stat =
      '4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 5000 0 0 0 1234 567 0 0 20 0 11 0 100 1000000 30000 18446744073709551615';
    expect(parseCpuTicks(stat)).toBe(1234 + 567);
  });

  it('refuses a line it cannot read rather than reporting zero CPU', () => {
    expect(() => parseCpuTicks('garbage')).toThrow(/Unreadable/);
  });
});

describe.runIf(process.platform === 'linux')('cpuSeconds', () => {
  it('grows while this process computes', () => {
    const before = cpuSeconds(process.pid);
    let sum = 0;
    const until = process.cpuUsage().user + 50_000;
    while (process.cpuUsage().user < until) sum += Math.sqrt(sum + 1);
    expect(sum).toBeGreaterThan(0);
    expect(cpuSeconds(process.pid)).toBeGreaterThan(before);
  });
});
