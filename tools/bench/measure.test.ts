import { describe, expect, it } from 'vitest';
import { combineFigures, type CaseFigures } from './measure.ts';

function turn(requests: number, cpuSeconds: number, seconds: number, p99: number): CaseFigures {
  return {
    id: 'signed-in query',
    purpose: 'test',
    calls: 10,
    requests,
    requestsPerSecond: requests / seconds,
    cpuSeconds,
    requestsPerCpuSecond: requests / cpuSeconds,
    callsPerCpuSecond: (10 * requests) / cpuSeconds,
    latencyMs: { p50: 10, p99 },
    peakRssMiB: p99,
    failures: 0,
  };
}

describe('combineFigures: a case measured in turns counts as one stretch', () => {
  it('divides all requests by all CPU, so a turn weighs by its length, not as an average of rates', () => {
    // 1,000 req/CPU-s and 3,000 req/CPU-s: the plain mean of the rates would be 2,000.
    const combined = combineFigures([turn(1_000, 1, 5, 40), turn(6_000, 2, 5, 90)]);
    expect(combined).toMatchObject({
      requests: 7_000,
      requestsPerCpuSecond: 2_333,
      callsPerCpuSecond: 23_333,
      requestsPerSecond: 700,
      cpuSeconds: 3,
      latencyMs: { p50: 10, p99: 90 },
      peakRssMiB: 90,
      failures: 0,
    });
  });
});
