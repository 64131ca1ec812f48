/**
 * The job-throughput part of the report: what the job machinery drains per second on
 * each engine, e-mails and no-op jobs, beside the e-mail dispatcher that preceded the job
 * runner, a fixed reference measured once (job-throughput.ts measures the rest in every
 * run).
 */
import type { Engine } from '../../src/server/db/engines.ts';

/** One kind of work on one engine: how fast it was queued, and how fast the workers drained it. */
export interface Throughput {
  count: number;
  /** Jobs queued per second, each `enqueue` (or e-mail `send`) in a transaction of its own, one after another. */
  enqueuePerSecond: number;
  /** Jobs run to success per second, from the runner's start (the whole queue waiting) to the last success. */
  drainPerSecond: number;
  /**
   * The same per CPU-second of the process that queues and runs them (user + system; the
   * database server's own CPU is not counted): steadier than the rate on a loaded machine.
   */
  drainPerCpuSecond: number;
}

export interface EngineJobs {
  engine: Engine;
  /** `verify-email` through the outbox and its delivery job, the log transport. */
  email: Throughput;
  /** A job whose handler does nothing, its concurrency that of the runner. */
  noop: Throughput;
}

export type JobsSection =
  | {
      measured: true;
      /** E-mails, and no-op jobs, on each engine. */
      counts: { email: number; noop: number };
      /** JOBS_CONCURRENCY's default: the runner's slots. */
      concurrency: number;
      /** The Node of the benchmark's own process, where the jobs run. */
      node: string;
      engines: EngineJobs[];
      /** Where the PostgreSQL figures come from, or why there are none. */
      postgresql: { measured: true; version: string; address: string } | { measured: false; reason: string };
    }
  | { measured: false; reason: string };

/** A fixed figure measured once on other code, reported beside each run's own. */
export interface JobsReference {
  /** What it is, as the report names it. */
  label: string;
  commit: string;
  /** The day it was measured (YYYY-MM-DD). */
  measuredOn: string;
  /** The machine's state then, and how it was measured. */
  note: string;
  email: Partial<Record<Engine, Throughput>>;
}

/**
 * The e-mail dispatcher that preceded the job runner (its own claim loop over the outbox,
 * one e-mail at a time), measured with a script of the same steps as job-throughput.ts on a
 * worktree of that commit, right before this code's `--jobs-only` run on the same machine
 * (the first figures in docs/performance.md's generated part).
 */
export const EMAIL_DISPATCHER_BEFORE_ISSUE_21: JobsReference = {
  label: 'e-mail dispatcher before the job runner',
  commit: 'f1408a8',
  measuredOn: '2026-11-26',
  note: 'on Node v20.20.2, 500 `verify-email` e-mails per engine queued through its outbox and drained by its own claim loop (`deliverDue`), the log transport, right before this benchmark’s `--jobs-only` run on the same machine, loaded by other work (2 cores, load average 5.7)',
  email: {
    sqlite: { count: 500, enqueuePerSecond: 34, drainPerSecond: 123, drainPerCpuSecond: 220 },
    postgresql: { count: 500, enqueuePerSecond: 32, drainPerSecond: 94, drainPerCpuSecond: 202 },
  },
};

export interface JobRow {
  engine: Engine;
  work: string;
  enqueuePerSecond: number;
  drainPerSecond: number;
  drainPerCpuSecond: number;
  /** This run's drain over the reference's, on e-mail rows with a reference on the engine. */
  vsBefore?: number;
  /** A reference row, not measured in this run. */
  reference?: boolean;
}

const ENGINE_NAMES: Record<Engine, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL' };

/** The table's rows: on each engine, the e-mails, the reference's e-mails beside them, the no-op jobs. */
export function jobRows(engines: readonly EngineJobs[], reference: JobsReference): JobRow[] {
  return engines.flatMap(({ engine, email, noop }) => {
    const before = reference.email[engine];
    const emailRow: JobRow = {
      engine,
      work: 'e-mails: outbox + delivery job (log transport)',
      enqueuePerSecond: email.enqueuePerSecond,
      drainPerSecond: email.drainPerSecond,
      drainPerCpuSecond: email.drainPerCpuSecond,
      ...(before && before.drainPerSecond > 0
        ? { vsBefore: Number((email.drainPerSecond / before.drainPerSecond).toFixed(2)) }
        : {}),
    };
    const referenceRows: JobRow[] = before
      ? [
          {
            engine,
            work: `e-mails: ${reference.label} (${reference.commit}, measured ${reference.measuredOn})`,
            enqueuePerSecond: before.enqueuePerSecond,
            drainPerSecond: before.drainPerSecond,
            drainPerCpuSecond: before.drainPerCpuSecond,
            reference: true,
          },
        ]
      : [];
    const noopRow: JobRow = {
      engine,
      work: 'no-op jobs',
      enqueuePerSecond: noop.enqueuePerSecond,
      drainPerSecond: noop.drainPerSecond,
      drainPerCpuSecond: noop.drainPerCpuSecond,
    };
    return [emailRow, ...referenceRows, noopRow];
  });
}

const fmt = (value: number) => value.toLocaleString('en-US');

/** The section's paragraph and table, or why it was not measured. */
export function jobsMarkdown(
  section: JobsSection,
  reference: JobsReference = EMAIL_DISPATCHER_BEFORE_ISSUE_21,
): string[] {
  if (!section.measured) return [`**Job throughput: skipped** (${section.reason}).`];
  const postgresql = section.postgresql.measured
    ? `PostgreSQL ${section.postgresql.version} at ${section.postgresql.address}, a database of its own (\`bench_jobs_<pid>\`, dropped after)`
    : `PostgreSQL **skipped** (${section.postgresql.reason})`;
  return [
    `Job throughput, in the benchmark's own process (Node ${section.node}): ${fmt(section.counts.email)} e-mails (\`verify-email\`, rendered when queued) and ${fmt(section.counts.noop)} no-op jobs on each engine, SQLite a file in the run's temporary folder, ${postgresql}. ` +
      `Queued one per transaction, one after another; then drained by one runner with JOBS_CONCURRENCY's default of ${section.concurrency} slots (the e-mail delivery job keeps its concurrency of 1, the no-op job has ${section.concurrency}), timed from the runner's start to the last success; per CPU-second counts this process's CPU over the drain (not the database server's). ` +
      `The ${reference.label} (${reference.commit}) is a fixed reference measured ${reference.measuredOn}: ${reference.note}.`,
    '',
    '| Engine | Work | queued per s | drained per s | drained per CPU-s | drained vs the old dispatcher |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...jobRows(section.engines, reference).map((row) => {
      const work = row.reference ? `_${row.work}_` : row.work;
      const vsBefore = row.vsBefore === undefined ? '' : `${row.vsBefore.toFixed(2)} ×`;
      return `| ${ENGINE_NAMES[row.engine]} | ${work} | ${fmt(row.enqueuePerSecond)} | ${fmt(row.drainPerSecond)} | ${fmt(row.drainPerCpuSecond)} | ${vsBefore} |`;
    }),
  ];
}

export const JOBS_DOCS_START = '<!-- bench:jobs:start -->';
export const JOBS_DOCS_END = '<!-- bench:jobs:end -->';

/** The section between its own markers, as the report and `--jobs-only` write it. */
export function jobsBlock(section: JobsSection, reference?: JobsReference): string {
  return [JOBS_DOCS_START, '', ...jobsMarkdown(section, reference), '', JOBS_DOCS_END].join('\n');
}

/**
 * Replaces the job section inside the generated part of docs/performance.md (a
 * `--jobs-only` run), or adds it at the part's end when an older run left none.
 */
export function withJobsRun(document: string, block: string, generatedEnd: string): string {
  const start = document.indexOf(JOBS_DOCS_START);
  const end = document.indexOf(JOBS_DOCS_END);
  if (start >= 0 && end > start) {
    return `${document.slice(0, start)}${block}${document.slice(end + JOBS_DOCS_END.length)}`;
  }
  const generated = document.indexOf(generatedEnd);
  if (generated < 0) throw new Error(`docs/performance.md lacks the ${generatedEnd} marker.`);
  return `${document.slice(0, generated)}${block}\n\n${document.slice(generated)}`;
}
