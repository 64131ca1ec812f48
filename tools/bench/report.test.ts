import { describe, expect, it } from 'vitest';
import { JOBS_DOCS_END, JOBS_DOCS_START } from './job-report.ts';
import type { CaseFigures } from './measure.ts';
import {
  DOCS_END,
  DOCS_START,
  evaluateTargets,
  markdownOf,
  postgresqlMarkdown,
  withLatestRun,
  withRatios,
  type BenchReport,
} from './report.ts';

function figures(id: CaseFigures['id'], requestsPerCpuSecond: number, calls = 1): CaseFigures {
  return {
    id,
    purpose: id,
    calls,
    requests: 1000,
    requestsPerSecond: 500,
    cpuSeconds: 1,
    requestsPerCpuSecond,
    callsPerCpuSecond: requestsPerCpuSecond * calls,
    latencyMs: { p50: 1, p99: 5 },
    peakRssMiB: 120,
    failures: 0,
  };
}

function reportWith(overrides: Partial<Omit<BenchReport, 'targets'>> = {}): Omit<BenchReport, 'targets'> {
  const baseline = figures('baseline', 10_000);
  return {
    startedAt: '2026-11-22T00:00:00.000Z',
    machine: { cpu: 'test cpu', cores: 2, memoryGiB: 24, os: 'Linux', loadAverageBefore: 0.1 },
    runtime: { node: 'v22.0.0', source: 'checkout', commit: 'a'.repeat(40), imageMajor: 22, nodeOptions: '' },
    settings: { duration: 10, warmup: 3, connections: 32 },
    baseline: { first: baseline, last: baseline, requestsPerCpuSecond: 10_000 },
    cases: [
      { ...figures('no-db query', 4_000), ratio: 0.4 },
      { ...figures('batch of 10', 300, 10), ratio: 0.3 },
      { ...figures('primary-key read', 2_500), ratio: 0.25 },
    ],
    coldStart: { appMs: [300, 310], bareMs: [250, 260], appMedianMs: 305, bareMedianMs: 255, firstStartMs: 900 },
    memory: { idleAfterStartMiB: 140, peakUnderLoadMiB: 310, idleAfterLoadMiB: 149, soak: null },
    initialJs: { files: ['assets/index.js'], bytes: 300_000, gzip: 126 * 1024, brotli: 90_000 },
    profile: null,
    startProfile: null,
    postgresql: { measured: false, reason: 'no server given' },
    jobs: { measured: false, reason: '--jobs 0' },
    ...overrides,
  };
}

describe('evaluateTargets', () => {
  const byName = (report: Omit<BenchReport, 'targets'>) =>
    Object.fromEntries(evaluateTargets(report).map((target) => [target.name, target]));

  it('divides by the baseline, per call for the batch, and marks each target met or missed', () => {
    const targets = byName(reportWith());
    expect(targets['no-db query, per CPU-second, vs raw Fastify']).toMatchObject({ value: 0.4, met: true });
    expect(targets['no-db query in a batch of 10, per call']).toMatchObject({ value: 0.3, met: false });
    expect(targets['primary-key read through Prisma vs raw Fastify']).toMatchObject({ value: 0.25, met: true });
    expect(targets['cold start vs bare Fastify + tRPC + Prisma']).toMatchObject({ value: 1.2, met: true });
    expect(targets['idle RSS after start']).toMatchObject({ met: true });
    expect(targets['peak RSS under load']).toMatchObject({ value: 310, met: false });
    expect(targets['initial JS, gzip']).toMatchObject({ value: 126, limit: 125, met: false });
  });

  it('reports a case that did not run as missed, not as met', () => {
    const targets = byName(reportWith({ cases: [] }));
    expect(targets['primary-key read through Prisma vs raw Fastify']?.met).toBe(false);
  });

  it('judges the soak by growth between its halves, allowing noise', () => {
    const soak = (growthMiB: number) => ({
      seconds: 120,
      requests: 1,
      failures: 0,
      rssEvery10sMiB: [200, 210],
      growthMiB,
    });
    expect(
      byName(reportWith({ memory: { ...reportWith().memory, soak: soak(4) } }))['RSS growth over a 120 s soak']?.met,
    ).toBe(true);
    expect(
      byName(reportWith({ memory: { ...reportWith().memory, soak: soak(30) } }))['RSS growth over a 120 s soak']?.met,
    ).toBe(false);
  });
});

describe('withRatios: each case against the baseline, and an app case against its stock peer', () => {
  const measured = [
    figures('signed-in query', 6_000),
    figures('stock signed-in query', 1_000),
    figures('signed-in batch of 10', 1_200, 10),
    figures('stock signed-in batch of 10', 100, 10),
    figures('write', 900),
  ];
  const cases = [
    { id: 'signed-in query' as const, peer: 'stock signed-in query' as const },
    { id: 'stock signed-in query' as const },
    { id: 'signed-in batch of 10' as const, peer: 'stock signed-in batch of 10' as const },
    { id: 'stock signed-in batch of 10' as const },
    // The peer did not run (a --case filter without it): no ratio rather than a wrong one.
    { id: 'write' as const, peer: 'stock write' as const },
  ];
  const reported = Object.fromEntries(withRatios(measured, cases, 10_000).map((each) => [each.id, each]));

  it('compares calls per CPU-second: per call for a batch, on both sides', () => {
    expect(reported['signed-in query']).toMatchObject({ ratio: 0.6, peer: 'stock signed-in query', vsPeer: 6 });
    expect(reported['signed-in batch of 10']).toMatchObject({ ratio: 1.2, vsPeer: 12 });
    expect(reported['stock signed-in query']?.vsPeer).toBeUndefined();
    expect(reported.write?.vsPeer).toBeUndefined();
  });

  it('judges the signed-in targets on the peer ratios, and a missing peer as missed', () => {
    const targets = Object.fromEntries(
      evaluateTargets(reportWith({ cases: Object.values(reported) })).map((target) => [target.name, target]),
    );
    expect(targets['signed-in query vs its stock peer, per CPU-second']).toMatchObject({ value: 6, met: true });
    expect(targets["signed-in batch of 10 vs the stock peer's, per call"]).toMatchObject({ value: 12, met: true });
    expect(targets['signed-in write vs its stock peer, per CPU-second']?.met).toBe(false);
  });
});

describe('the PostgreSQL leg: each app case against its peer there and against the raw pg read', () => {
  const measured = [
    figures('pg signed-in query', 4_000),
    figures('pg stock signed-in query', 500),
    figures('pg signed-in batch of 10', 900, 10),
    figures('pg stock signed-in batch of 10', 60, 10),
    figures('pg write', 1_000),
    figures('pg stock write', 400),
  ];
  const cases = [
    { id: 'pg signed-in query' as const, peer: 'pg stock signed-in query' as const },
    { id: 'pg stock signed-in query' as const },
    { id: 'pg signed-in batch of 10' as const, peer: 'pg stock signed-in batch of 10' as const },
    { id: 'pg stock signed-in batch of 10' as const },
    { id: 'pg write' as const, peer: 'pg stock write' as const },
    { id: 'pg stock write' as const },
  ];
  const pgBaseline = figures('pg baseline', 8_000);
  const leg = {
    measured: true as const,
    server: { version: '15.20', address: '127.0.0.1:5432', from: 'BENCH_POSTGRES_URL' },
    firstStartMs: 2_500,
    baseline: { first: pgBaseline, last: pgBaseline, requestsPerCpuSecond: 8_000 },
    // Divided by the PostgreSQL leg's own baseline, not SQLite's raw route.
    cases: withRatios(measured, cases, 8_000),
  };
  const byName = (report: Omit<BenchReport, 'targets'>) =>
    Object.fromEntries(evaluateTargets(report).map((target) => [target.name, target]));

  it('divides by its own raw-driver baseline, per call for the batch, and by each peer', () => {
    const reported = Object.fromEntries(leg.cases.map((each) => [each.id, each]));
    expect(reported['pg signed-in query']).toMatchObject({ ratio: 0.5, vsPeer: 8 });
    expect(reported['pg signed-in batch of 10']).toMatchObject({ ratio: 1.125, vsPeer: 15 });
    expect(reported['pg write']).toMatchObject({ ratio: 0.125, vsPeer: 2.5 });
    expect(reported['pg stock write']).toMatchObject({ ratio: 0.05 });
  });

  it('judges the signed-in targets on PostgreSQL as on SQLite, each on its own line', () => {
    const targets = byName(reportWith({ postgresql: leg }));
    expect(targets['PostgreSQL: signed-in query vs its stock peer, per CPU-second']).toMatchObject({
      value: 8,
      limit: 5,
      met: true,
    });
    expect(targets["PostgreSQL: signed-in batch of 10 vs the stock peer's, per call"]).toMatchObject({
      value: 15,
      limit: 10,
      met: true,
    });
    expect(targets['PostgreSQL: signed-in write vs its stock peer, per CPU-second']).toMatchObject({
      value: 2.5,
      limit: 3,
      met: false,
    });
  });

  it('marks a PostgreSQL case that did not run (a --case filter) as missed', () => {
    const targets = byName(reportWith({ postgresql: { ...leg, cases: leg.cases.slice(0, 2) } }));
    expect(targets['PostgreSQL: signed-in query vs its stock peer, per CPU-second']?.met).toBe(true);
    expect(targets['PostgreSQL: signed-in write vs its stock peer, per CPU-second']?.met).toBe(false);
  });

  it('has no PostgreSQL targets when the leg was skipped, and says in bold why it was', () => {
    const partial = reportWith();
    expect(evaluateTargets(partial).some((target) => target.name.startsWith('PostgreSQL'))).toBe(false);
    expect(markdownOf({ ...partial, targets: [] })).toContain('**PostgreSQL leg: skipped** (no server given).');
  });

  it('tables its baseline first and last around the cases, with the server and the first start', () => {
    const lines = postgresqlMarkdown(leg);
    expect(lines[0]).toContain('PostgreSQL 15.20 at 127.0.0.1:5432 (BENCH_POSTGRES_URL)');
    expect(lines[0]).toContain('(migrations applied): 2500 ms');
    const rows = lines.filter((line) => line.startsWith('| pg '));
    expect(rows.map((row) => row.split(' | ')[0])).toEqual([
      '| pg baseline',
      '| pg signed-in query',
      '| pg stock signed-in query',
      '| pg signed-in batch of 10',
      '| pg stock signed-in batch of 10',
      '| pg write',
      '| pg stock write',
      '| pg baseline',
    ]);
    expect(rows[0]).toContain('| 1 (baseline) |');
    expect(rows[1]).toContain('| 0.500 | 8.00 × |');
    const partial = reportWith({ postgresql: leg });
    expect(markdownOf({ ...partial, targets: evaluateTargets(partial) })).toContain(lines.join('\n'));
  });
});

describe('markdownOf', () => {
  it('names the machine and Node, and flags a missed target', () => {
    const partial = reportWith();
    const markdown = markdownOf({ ...partial, targets: evaluateTargets(partial) });
    expect(markdown).toContain('test cpu (2 cores');
    expect(markdown).toContain('Node v22.0.0');
    expect(markdown).toMatch(/\| peak RSS under load \| 310 MiB \| ≤ 300 MiB \| \*\*no\*\* \|/);
  });

  it('carries the job throughput between its own markers, so --jobs-only can rewrite it alone', () => {
    const partial = reportWith();
    const markdown = markdownOf({ ...partial, targets: [] });
    expect(markdown).toContain(`${JOBS_DOCS_START}\n\n**Job throughput: skipped** (--jobs 0).\n\n${JOBS_DOCS_END}`);
  });

  it('shows the RSS read every 5 s while idle after the load, so a late release is seen', () => {
    const partial = reportWith({
      memory: { ...reportWith().memory, idleAfterLoadMiB: 141, idleAfterLoadSeriesMiB: [180, 178, 141] },
    });
    expect(markdownOf({ ...partial, targets: [] })).toContain(
      'idle after the load 141 MiB (every 5 s after it: 180, 178, 141 MiB).',
    );
  });

  it("names the start-up profile's heaviest packages, heaviest first, when one was taken", () => {
    const partial = reportWith({
      startProfile: { file: 'bench-results/profiles/start/x.cpuprofile', byPlace: { zod: 12.5, fastify: 8 } },
    });
    expect(markdownOf({ ...partial, targets: evaluateTargets(partial) })).toContain(
      'CPU profile of one app start, spawn to ready (`bench-results/profiles/start/x.cpuprofile`), self time by package: zod 12.5%, fastify 8%.',
    );
    expect(markdownOf({ ...reportWith(), targets: [] })).not.toContain('one app start');
  });
});

describe('withLatestRun', () => {
  it('replaces only what lies between the markers', () => {
    const document = `# Title\n\nProse.\n\n${DOCS_START}\nold table\n${DOCS_END}\n\nAfter.\n`;
    const updated = withLatestRun(document, 'new table');
    expect(updated).toBe(`# Title\n\nProse.\n\n${DOCS_START}\nnew table\n${DOCS_END}\n\nAfter.\n`);
    expect(withLatestRun(updated, 'newer')).toContain(`${DOCS_START}\nnewer\n${DOCS_END}`);
  });

  it('refuses a document without the markers rather than appending somewhere', () => {
    expect(() => withLatestRun('# Performance\n', 'table')).toThrow(/markers/);
  });
});
