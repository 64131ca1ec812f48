import type autocannon from 'autocannon';
import type { Phase } from './phases.ts';

export interface PhaseFigures {
  phase: string;
  purpose: string;
  clients: Phase['clients'];
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  ok: number;
  /** Deliberate refusals by a rate limit. */
  rateLimited: number;
  /** Every other non-2xx answer, batches with a failed call (207), connection errors and timeouts. */
  errors: number;
  statusCodes: Record<string, number>;
  rssAfterMiB: number;
}

export interface MemoryFigures {
  beforeMiB: number;
  peakMiB: number;
  afterLoadMiB: number;
  afterIdleMiB: number;
  idleSeconds: number;
  /** Whether the idle RSS came back within 10% of the pre-load RSS. */
  returnedWithin10Percent: boolean;
}

export interface LoadReport {
  startedAt: string;
  node: string;
  /** The machine's 1-minute load average before and after: anything else running skews the figures. */
  loadAverage: { before: number; after: number; cores: number };
  connections: number;
  secondsPerPhase: number;
  phases: PhaseFigures[];
  memory: MemoryFigures;
  totals: { requests: number; ok: number; rateLimited: number; errors: number };
  serverExit: string;
}

/** autocannon's result reduced to what the report shows; 429s apart from real errors. */
export function figuresOf(phase: Phase, result: autocannon.Result, rssAfterMiB: number): PhaseFigures {
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count = 0 }]) => [status, count]),
  );
  const rateLimited = statusCodes['429'] ?? 0;
  // A batch answers 207 when some of its calls failed: a failure, though autocannon counts it as 2xx.
  const partial = statusCodes['207'] ?? 0;
  const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  return {
    phase: phase.name,
    purpose: phase.purpose,
    clients: phase.clients,
    requests: answered,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    ok: result['2xx'] - partial,
    rateLimited,
    errors: result.non2xx - rateLimited + partial + result.errors,
    statusCodes,
    rssAfterMiB: Math.round(rssAfterMiB),
  };
}

const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

/** The report as Markdown, ready for docs/operations.md. */
export function markdownOf(report: LoadReport): string {
  const { memory } = report;
  const lines = [
    `Load test, ${report.startedAt}: Node ${report.node}, ${report.connections} connections, ${report.secondsPerPhase} s per phase, production build on SQLite, default rate limits (clients told apart by X-Forwarded-For from loopback).`,
    `Server and load generator on one machine, ${report.loadAverage.cores} cores, 1-minute load average ${report.loadAverage.before} before and ${report.loadAverage.after} after.`,
    '',
    row([
      'phase',
      'clients',
      'requests',
      'req/s',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      '2xx',
      '429',
      'errors',
      'RSS after (MiB)',
    ]),
    row(Array.from({ length: 12 }, (_, index) => (index < 2 ? '---' : '---:'))),
    ...report.phases.map((phase) =>
      row([
        phase.phase,
        phase.clients,
        phase.requests,
        phase.requestsPerSecond,
        phase.latencyMs.p50,
        phase.latencyMs.p90,
        phase.latencyMs.p99,
        phase.latencyMs.max,
        phase.ok,
        phase.rateLimited,
        phase.errors,
        phase.rssAfterMiB,
      ]),
    ),
    '',
    row(['server RSS', 'MiB']),
    row(['---', '---:']),
    row(['before the load', memory.beforeMiB]),
    row(['peak during the load', memory.peakMiB]),
    row(['right after the load', memory.afterLoadMiB]),
    row([`after ${memory.idleSeconds} s idle`, memory.afterIdleMiB]),
    row(['back within 10% of before', memory.returnedWithin10Percent ? 'yes' : 'no']),
    '',
    `Totals: ${report.totals.requests} answers, ${report.totals.ok} 2xx, ${report.totals.rateLimited} deliberate 429s, ${report.totals.errors} errors. Server exit after SIGTERM: ${report.serverExit}.`,
  ];
  return lines.join('\n');
}
