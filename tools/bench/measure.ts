import type autocannon from 'autocannon';
import { rssMiB } from '../load/server.ts';
import { runPhase } from '../load/phases.ts';
import type { BenchCase } from './cases.ts';
import { cpuSeconds, sampleRss } from './process-stats.ts';

export interface CaseFigures {
  id: BenchCase['id'];
  purpose: string;
  calls: number;
  requests: number;
  requestsPerSecond: number;
  /** Server CPU (user + system) over the measured stretch. */
  cpuSeconds: number;
  requestsPerCpuSecond: number;
  /** requestsPerCpuSecond × calls: what a batch's calls cost one by one. */
  callsPerCpuSecond: number;
  latencyMs: { p50: number; p99: number };
  peakRssMiB: number;
  /** Non-2xx answers, connection errors and timeouts: any makes the figures worthless. */
  failures: number;
}

export interface RunSettings {
  duration: number;
  warmup: number;
  connections: number;
}

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function failuresOf(result: autocannon.Result): number {
  return result.non2xx + result.errors + result.timeouts;
}

/**
 * One case: a warm-up (JIT, caches, connection set-up) that is not counted, then the
 * measured stretch with the server's CPU read before and after and its RSS sampled.
 */
export async function measureCase(
  server: { origin: string; pid: number },
  benchCase: BenchCase,
  settings: RunSettings,
  index: number,
): Promise<CaseFigures> {
  const phase = {
    name: benchCase.id,
    purpose: benchCase.purpose,
    requests: [benchCase.request],
    clients: 'many' as const,
  };
  if (settings.warmup > 0) {
    const warm = await runPhase(server.origin, phase, { ...settings, duration: settings.warmup, index });
    if (failuresOf(warm) > 0) {
      throw new Error(
        `${benchCase.id}: ${failuresOf(warm)} failed answers during the warm-up (${JSON.stringify(warm.statusCodeStats)}).`,
      );
    }
  }
  const stopSampling = sampleRss(server.pid, rssMiB);
  const cpuBefore = cpuSeconds(server.pid);
  const result = await runPhase(server.origin, phase, { ...settings, index });
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const samples = stopSampling();
  const requests = result.requests.total;
  const perCpu = cpu > 0 ? requests / cpu : 0;
  return {
    id: benchCase.id,
    purpose: benchCase.purpose,
    calls: benchCase.calls,
    requests,
    requestsPerSecond: round(requests / result.duration, 0),
    cpuSeconds: round(cpu, 2),
    requestsPerCpuSecond: round(perCpu, 0),
    callsPerCpuSecond: round(perCpu * benchCase.calls, 0),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    peakRssMiB: round(Math.max(...samples)),
    failures: failuresOf(result),
  };
}

/**
 * One case measured in several turns, as one: requests and CPU summed (so a turn counts
 * by its length), latency's p50 averaged and p99 the worst, the highest RSS.
 */
export function combineFigures(turns: CaseFigures[]): CaseFigures {
  const [first] = turns;
  if (!first) throw new Error('No turns to combine.');
  const sum = (of: (turn: CaseFigures) => number) => turns.reduce((total, turn) => total + of(turn), 0);
  const requests = sum((turn) => turn.requests);
  const cpu = sum((turn) => (turn.requestsPerCpuSecond > 0 ? turn.requests / turn.requestsPerCpuSecond : 0));
  const seconds = sum((turn) => (turn.requestsPerSecond > 0 ? turn.requests / turn.requestsPerSecond : 0));
  const perCpu = cpu > 0 ? requests / cpu : 0;
  return {
    ...first,
    requests,
    requestsPerSecond: round(seconds > 0 ? requests / seconds : 0, 0),
    cpuSeconds: round(cpu, 2),
    requestsPerCpuSecond: round(perCpu, 0),
    callsPerCpuSecond: round(perCpu * first.calls, 0),
    latencyMs: {
      p50: round(sum((turn) => turn.latencyMs.p50) / turns.length),
      p99: Math.max(...turns.map((turn) => turn.latencyMs.p99)),
    },
    peakRssMiB: Math.max(...turns.map((turn) => turn.peakRssMiB)),
    failures: sum((turn) => turn.failures),
  };
}

export interface SoakFigures {
  seconds: number;
  requests: number;
  failures: number;
  /** RSS every 10 s (MiB), from the first sample. */
  rssEvery10sMiB: number[];
  /** Highest RSS in the soak's second half minus its first half's highest. */
  growthMiB: number;
}

/**
 * Every app case in turn on each connection for `seconds`, RSS sampled each second. No
 * growth means the second half's highest RSS stays within the first half's, plus noise.
 */
export async function soak(
  server: { origin: string; pid: number },
  cases: BenchCase[],
  { seconds, connections }: { seconds: number; connections: number },
): Promise<SoakFigures> {
  const stopSampling = sampleRss(server.pid, rssMiB, 1_000);
  const result = await runPhase(
    server.origin,
    { name: 'soak', purpose: 'every app case in turn', requests: cases.map((each) => each.request), clients: 'many' },
    { duration: seconds, connections, index: 99 },
  );
  const samples = stopSampling();
  const half = Math.floor(samples.length / 2);
  return {
    seconds,
    requests: result.requests.total,
    failures: failuresOf(result),
    rssEvery10sMiB: samples.filter((_, i) => i % 10 === 0).map((value) => round(value, 0)),
    growthMiB: round(Math.max(...samples.slice(half)) - Math.max(...samples.slice(0, half))),
  };
}
