import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ALL_CASE_IDS, type CaseId } from './cases.ts';

export interface BenchOptions {
  /** Seconds each case is measured. */
  duration: number;
  /** Seconds each case runs first, uncounted. */
  warmup: number;
  connections: number;
  /** Cold starts of each server; the medians are compared. */
  starts: number;
  /** Seconds of mixed load for the memory soak; 0 skips it. */
  soak: number;
  /**
   * Seconds the app idles before its idle RSS is read: 45 by default, past V8's memory
   * reducer, which gives the heap back about 30–35 s after a load ends (bench.ts).
   */
  idle: number;
  /** Record a CPU profile of the app under the cases (node --cpu-prof). */
  profile: boolean;
  /** Leave docs/performance.md as it is. */
  noDocs: boolean;
  app?: string;
  node?: string;
  /** NODE_OPTIONS for every server instead of the Dockerfile's: to try a setting before the image takes it. */
  nodeOptions?: string;
  /**
   * Only these cases (the baseline always runs, first and last; the PostgreSQL leg runs
   * only when one of its `pg …` cases is named, with its own baseline): a quicker loop
   * while trying a lever. Such a run never writes docs/performance.md.
   */
  cases?: CaseId[];
  /** No-op jobs on each engine for the job throughput; 0 skips it, as does a `--case` filter. */
  jobs: number;
  /** E-mails on each engine for the job throughput (each is rendered when queued: slower than a no-op job). */
  emails: number;
  /**
   * Only the job throughput: no build, no servers. Writes bench-results/jobs.{json,md}
   * and, unless --no-docs, the job part of docs/performance.md's generated section.
   */
  jobsOnly: boolean;
}

const USAGE =
  'Usage: npm run bench -- [--duration 10] [--warmup 3] [--connections 32] [--starts 5] [--soak 120] [--idle 45] [--profile] [--no-docs] [--app <folder> --node <bin>] [--node-options="<flags>"] [--case "<case>" …] [--jobs 2000] [--emails 500] [--jobs-only]';

function whole(name: string, value: string | undefined, min: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) throw new Error(`--${name} must be a whole number ≥ ${min}. ${USAGE}`);
  return number;
}

/** The command line, checked before anything starts. */
export function readBenchOptions(args = process.argv.slice(2)): BenchOptions {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '32' },
      starts: { type: 'string', default: '5' },
      soak: { type: 'string', default: '120' },
      idle: { type: 'string', default: '45' },
      profile: { type: 'boolean', default: false },
      'no-docs': { type: 'boolean', default: false },
      app: { type: 'string' },
      node: { type: 'string' },
      'node-options': { type: 'string' },
      case: { type: 'string', multiple: true },
      jobs: { type: 'string', default: '2000' },
      emails: { type: 'string', default: '500' },
      'jobs-only': { type: 'boolean', default: false },
    },
  });
  const unknown = (values.case ?? []).filter((id) => !(ALL_CASE_IDS as readonly string[]).includes(id));
  if (unknown.length) {
    throw new Error(
      `Unknown case ${unknown.map((id) => `"${id}"`).join(', ')}; the cases: ${ALL_CASE_IDS.join(', ')}. ${USAGE}`,
    );
  }
  const cases = values.case as CaseId[] | undefined;
  const jobs = whole('jobs', values.jobs, 0);
  if (values['jobs-only'] && (cases !== undefined || jobs === 0)) {
    throw new Error(`--jobs-only measures jobs only: not with --case, nor with --jobs 0. ${USAGE}`);
  }
  return {
    duration: whole('duration', values.duration, 1),
    warmup: whole('warmup', values.warmup, 0),
    connections: whole('connections', values.connections, 1),
    starts: whole('starts', values.starts, 1),
    soak: whole('soak', values.soak, 0),
    idle: whole('idle', values.idle, 0),
    profile: values.profile,
    noDocs: values['no-docs'] || cases !== undefined,
    ...(values.app ? { app: resolve(values.app) } : {}),
    ...(values.node ? { node: resolve(values.node) } : {}),
    ...(values['node-options'] === undefined ? {} : { nodeOptions: values['node-options'] }),
    ...(cases ? { cases } : {}),
    jobs,
    emails: whole('emails', values.emails, 1),
    jobsOnly: values['jobs-only'],
  };
}
