import { INITIAL_JS_GZIP_BUDGET, type InitialJs } from '../build/initial-js.ts';
import type { CaseId } from './cases.ts';
import type { CaseFigures, SoakFigures } from './measure.ts';
import { jobsBlock, type JobsSection } from './job-report.ts';
import type { HotSpot } from './profile-summary.ts';

export interface BenchReport {
  startedAt: string;
  machine: { cpu: string; cores: number; memoryGiB: number; os: string; loadAverageBefore: number };
  runtime: { node: string; source: string; commit: string; imageMajor: number; nodeOptions: string };
  settings: { duration: number; warmup: number; connections: number };
  /** The baseline, measured first and again last; the ratios divide by their mean. */
  baseline: { first: CaseFigures; last: CaseFigures; requestsPerCpuSecond: number };
  /** `ratio`: to the baseline, per call; `peer`/`vsPeer`: the stock peer's case and this case's calls per CPU-second over its. */
  cases: ReportedCase[];
  coldStart: { appMs: number[]; bareMs: number[]; appMedianMs: number; bareMedianMs: number; firstStartMs: number };
  memory: {
    idleAfterStartMiB: number;
    peakUnderLoadMiB: number;
    idleAfterLoadMiB: number;
    /** RSS every 5 s while idle after the load; the last is `idleAfterLoadMiB`. */
    idleAfterLoadSeriesMiB?: number[];
    soak: SoakFigures | null;
  };
  initialJs: InitialJs | null;
  profile: { file: string; hotSpots: HotSpot[]; byPlace: Record<string, number> } | null;
  /** One profiled start of the app, spawn to ready: where its CPU goes, by package. */
  startProfile: { file: string; byPlace: Record<string, number> } | null;
  /** The PostgreSQL leg: its figures, or why it did not run. */
  postgresql: PostgresqlLeg;
  /** Job throughput on each engine beside the e-mail dispatcher that preceded the job runner (job-report.ts), or why it did not run. */
  jobs: JobsSection;
  targets: Target[];
}

/**
 * The signed-in cases on PostgreSQL against their stock peers there and against a raw
 * Fastify route reading the same row with the `pg` driver (`ratio` divides by that).
 */
export type PostgresqlLeg =
  | {
      measured: true;
      /** The server's version and host:port, and the variable that named it. */
      server: { version: string; address: string; from: string };
      /** Spawn to /readyz 200 of the app on an empty database, its migrations applied (one start). */
      firstStartMs: number;
      baseline: { first: CaseFigures; last: CaseFigures; requestsPerCpuSecond: number };
      cases: ReportedCase[];
    }
  | { measured: false; reason: string };

export type ReportedCase = CaseFigures & { ratio: number; peer?: CaseId; vsPeer?: number };

/**
 * Each case's calls per CPU-second against the baseline's requests (the same as requests
 * but for a batch, whose calls are what it is judged on), and an app case's against its
 * stock peer's, per call.
 */
export function withRatios(
  measured: CaseFigures[],
  cases: { id: CaseId; peer?: CaseId }[],
  baselinePerCpu: number,
): ReportedCase[] {
  const byId = new Map(measured.map((each) => [each.id, each]));
  return measured.map((each) => {
    const peerId = cases.find((c) => c.id === each.id)?.peer;
    const peer = peerId ? byId.get(peerId) : undefined;
    return {
      ...each,
      ratio: Number((each.callsPerCpuSecond / baselinePerCpu).toFixed(3)),
      ...(peer && peerId
        ? { peer: peerId, vsPeer: Number((each.callsPerCpuSecond / peer.callsPerCpuSecond).toFixed(2)) }
        : {}),
    };
  });
}

export interface Target {
  name: string;
  value: number;
  limit: number;
  unit: string;
  /** `min`: value must reach the limit; `max`: must stay under it. */
  kind: 'min' | 'max';
  met: boolean;
}

/**
 * The targets (decisions 0017 and 0036). Their MB and KB are read as MiB and KiB, as /proc
 * reports memory and as the build's budget (INITIAL_JS_GZIP_BUDGET) counts bytes.
 */
export function evaluateTargets(report: Omit<BenchReport, 'targets'>): Target[] {
  const ratioOf = (id: CaseFigures['id'], perCall = false) => {
    const found = report.cases.find((each) => each.id === id);
    if (!found) return Number.NaN;
    const figure = perCall ? found.callsPerCpuSecond : found.requestsPerCpuSecond;
    return Number((figure / report.baseline.requestsPerCpuSecond).toFixed(3));
  };
  const vsPeer = (id: CaseId) => report.cases.find((each) => each.id === id)?.vsPeer ?? Number.NaN;
  const target = (name: string, value: number, limit: number, unit: string, kind: 'min' | 'max'): Target => ({
    name,
    value,
    limit,
    unit,
    kind,
    met: Number.isFinite(value) && (kind === 'min' ? value >= limit : value <= limit),
  });
  const targets = [
    target('no-db query, per CPU-second, vs raw Fastify', ratioOf('no-db query'), 0.35, '×', 'min'),
    target('no-db query in a batch of 10, per call', ratioOf('batch of 10', true), 0.35, '×', 'min'),
    target('primary-key read through Prisma vs raw Fastify', ratioOf('primary-key read'), 0.2, '×', 'min'),
    target('no-db query, per CPU-second, vs raw Fastify (floor)', ratioOf('no-db query'), 0.3, '×', 'min'),
    target('signed-in query vs its stock peer, per CPU-second', vsPeer('signed-in query'), 5, '×', 'min'),
    target('signed-in write vs its stock peer, per CPU-second', vsPeer('write'), 3, '×', 'min'),
    target("signed-in batch of 10 vs the stock peer's, per call", vsPeer('signed-in batch of 10'), 10, '×', 'min'),
    target(
      'cold start vs bare Fastify + tRPC + Prisma',
      Number((report.coldStart.appMedianMs / report.coldStart.bareMedianMs).toFixed(2)),
      1.2,
      '×',
      'max',
    ),
    target('idle RSS after start', report.memory.idleAfterStartMiB, 150, 'MiB', 'max'),
    target('idle RSS after the load', report.memory.idleAfterLoadMiB, 150, 'MiB', 'max'),
    target('peak RSS under load', report.memory.peakUnderLoadMiB, 300, 'MiB', 'max'),
  ];
  if (report.postgresql.measured) {
    const { cases } = report.postgresql;
    const vsPgPeer = (id: CaseId) => cases.find((each) => each.id === id)?.vsPeer ?? Number.NaN;
    targets.push(
      target(
        'PostgreSQL: signed-in query vs its stock peer, per CPU-second',
        vsPgPeer('pg signed-in query'),
        5,
        '×',
        'min',
      ),
      target('PostgreSQL: signed-in write vs its stock peer, per CPU-second', vsPgPeer('pg write'), 3, '×', 'min'),
      target(
        "PostgreSQL: signed-in batch of 10 vs the stock peer's, per call",
        vsPgPeer('pg signed-in batch of 10'),
        10,
        '×',
        'min',
      ),
    );
  }
  if (report.memory.soak) {
    const { soak } = report.memory;
    // Growth within 3% of the first half's peak (or 5 MiB) is sampling noise, not a leak.
    const allowance = Math.max(5, 0.03 * Math.max(...soak.rssEvery10sMiB));
    targets.push(
      target(`RSS growth over a ${soak.seconds} s soak`, soak.growthMiB, Number(allowance.toFixed(1)), 'MiB', 'max'),
    );
  }
  if (report.initialJs) {
    targets.push(
      target(
        'initial JS, gzip',
        Number((report.initialJs.gzip / 1024).toFixed(1)),
        INITIAL_JS_GZIP_BUDGET / 1024,
        'KiB',
        'max',
      ),
    );
  }
  return targets;
}

const fmt = (value: number) => value.toLocaleString('en-US');

/** A leg's cases between its baseline's first and last runs, each against the baseline and its stock peer. */
function caseTable(first: CaseFigures, cases: ReportedCase[], last: CaseFigures): string[] {
  return [
    '| Case | What it does | req/s | req per CPU-s | calls per CPU-s | ratio to baseline | vs stock peer | p50 ms | p99 ms | peak RSS MiB |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...[first, ...cases, last].map((each) => {
      const reported = each as Partial<ReportedCase>;
      const ratio = reported.ratio === undefined ? '1 (baseline)' : reported.ratio.toFixed(3);
      const vsPeer = reported.vsPeer === undefined ? '' : `${reported.vsPeer.toFixed(2)} ×`;
      return `| ${each.id} | ${each.purpose} | ${fmt(each.requestsPerSecond)} | ${fmt(each.requestsPerCpuSecond)} | ${fmt(each.callsPerCpuSecond)} | ${ratio} | ${vsPeer} | ${each.latencyMs.p50} | ${each.latencyMs.p99} | ${each.peakRssMiB} |`;
    }),
  ];
}

/** The PostgreSQL leg's paragraph and table, or the reason it was skipped, in bold. */
export function postgresqlMarkdown(leg: PostgresqlLeg): string[] {
  if (!leg.measured) return [`**PostgreSQL leg: skipped** (${leg.reason}).`];
  return [
    `PostgreSQL leg: PostgreSQL ${leg.server.version} at ${leg.server.address} (${leg.server.from}), every server on a database of its own (\`bench_<pid>_…\`, dropped after the run), ` +
      `the same settings. Per CPU-second counts the Node server's CPU only, not PostgreSQL's. The baseline is a raw Fastify route reading the caller's session and user with the \`pg\` driver (\`servers/raw-pg.ts\`), measured first and last; ` +
      `the ratios divide by it. The app's first start on its empty database (migrations applied): ${leg.firstStartMs} ms.`,
    '',
    ...caseTable(leg.baseline.first, leg.cases, leg.baseline.last),
  ];
}

export function markdownOf(report: BenchReport): string {
  const { machine, runtime } = report;
  const lines = [
    `Run ${report.startedAt} on ${machine.cpu} (${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; load average ${machine.loadAverageBefore} before), ` +
      `Node ${runtime.node} (the image's major is ${runtime.imageMajor}; app from ${runtime.source}, commit ${runtime.commit.slice(0, 12)}), ` +
      `NODE_OPTIONS \`${runtime.nodeOptions}\`. ${report.settings.connections} connections, ${report.settings.warmup} s warm-up + ${report.settings.duration} s per case, autocannon in the benchmark's own process.`,
    '',
    ...caseTable(report.baseline.first, report.cases, report.baseline.last),
    '',
    ...postgresqlMarkdown(report.postgresql),
    '',
    jobsBlock(report.jobs),
    '',
    `Cold start, spawn to /readyz 200 on a migrated database (median of ${report.coldStart.appMs.length}): app ${report.coldStart.appMedianMs} ms, ` +
      `bare Fastify + tRPC + Prisma ${report.coldStart.bareMedianMs} ms; the app's first start on an empty database (migrations applied): ${report.coldStart.firstStartMs} ms.`,
    '',
    `Memory: idle after start ${report.memory.idleAfterStartMiB} MiB, peak under load ${report.memory.peakUnderLoadMiB} MiB, idle after the load ${report.memory.idleAfterLoadMiB} MiB` +
      (report.memory.idleAfterLoadSeriesMiB?.length
        ? ` (every 5 s after it: ${report.memory.idleAfterLoadSeriesMiB.join(', ')} MiB).`
        : '.') +
      (report.memory.soak
        ? ` Soak ${report.memory.soak.seconds} s (${fmt(report.memory.soak.requests)} requests, ${report.memory.soak.failures} failed), RSS every 10 s: ${report.memory.soak.rssEvery10sMiB.join(', ')} MiB.`
        : ''),
    '',
    report.initialJs
      ? `Initial JS (${report.initialJs.files.length} files): ${fmt(report.initialJs.bytes)} B raw, ${fmt(report.initialJs.gzip)} B gzip, ${fmt(report.initialJs.brotli)} B brotli.`
      : 'Initial JS: not measured (no client build).',
    '',
    '| Target | Measured | Limit | Met |',
    '| --- | ---: | ---: | :---: |',
    ...report.targets.map(
      (each) =>
        `| ${each.name} | ${each.value} ${each.unit} | ${each.kind === 'min' ? '≥' : '≤'} ${each.limit} ${each.unit} | ${each.met ? 'yes' : '**no**'} |`,
    ),
  ];
  if (report.profile) {
    lines.push(
      '',
      `CPU profile of the app under the cases (\`${report.profile.file}\`), self time:`,
      '',
      '| Where | Self % |',
      '| --- | ---: |',
      ...report.profile.hotSpots.map((spot) => `| ${spot.where.replaceAll('|', '\\|')} | ${spot.selfPercent} |`),
      '',
      `By package: ${Object.entries(report.profile.byPlace)
        .slice(0, 12)
        .map(([place, share]) => `${place} ${share}%`)
        .join(', ')}.`,
    );
  }
  if (report.startProfile) {
    lines.push(
      '',
      `CPU profile of one app start, spawn to ready (\`${report.startProfile.file}\`), self time by package: ${Object.entries(
        report.startProfile.byPlace,
      )
        .slice(0, 15)
        .map(([place, share]) => `${place} ${share}%`)
        .join(', ')}.`,
    );
  }
  return lines.join('\n');
}

export const DOCS_START = '<!-- bench:start (written by npm run bench) -->';
export const DOCS_END = '<!-- bench:end -->';

/** Replaces the generated part of docs/performance.md, keeping the prose around it. */
export function withLatestRun(document: string, markdown: string): string {
  const start = document.indexOf(DOCS_START);
  const end = document.indexOf(DOCS_END);
  if (start < 0 || end < start) throw new Error(`docs/performance.md lacks the ${DOCS_START} … ${DOCS_END} markers.`);
  return `${document.slice(0, start + DOCS_START.length)}\n${markdown}\n${document.slice(end)}`;
}
