import { describe, expect, it } from 'vitest';
import {
  jobRows,
  jobsBlock,
  jobsMarkdown,
  JOBS_DOCS_END,
  JOBS_DOCS_START,
  withJobsRun,
  type EngineJobs,
  type JobsReference,
  type JobsSection,
} from './job-report.ts';
import { DOCS_END, DOCS_START } from './report.ts';

const reference: JobsReference = {
  label: 'e-mail dispatcher before the job runner',
  commit: 'f1408a8',
  measuredOn: '2026-11-26',
  note: 'a note on how',
  email: {
    sqlite: { count: 500, enqueuePerSecond: 20, drainPerSecond: 100, drainPerCpuSecond: 1000 },
    postgresql: { count: 500, enqueuePerSecond: 15, drainPerSecond: 80, drainPerCpuSecond: 800 },
  },
};

const engines: EngineJobs[] = [
  {
    engine: 'sqlite',
    email: { count: 500, enqueuePerSecond: 18, drainPerSecond: 50, drainPerCpuSecond: 500 },
    noop: { count: 2000, enqueuePerSecond: 300, drainPerSecond: 120, drainPerCpuSecond: 1200 },
  },
  {
    engine: 'postgresql',
    email: { count: 500, enqueuePerSecond: 14, drainPerSecond: 100, drainPerCpuSecond: 1000 },
    noop: { count: 2000, enqueuePerSecond: 200, drainPerSecond: 1_500, drainPerCpuSecond: 15_000 },
  },
];

const section: JobsSection = {
  measured: true,
  counts: { email: 500, noop: 2000 },
  concurrency: 4,
  node: 'v20.0.0',
  engines,
  postgresql: { measured: true, version: '15.20', address: '127.0.0.1:5432' },
};

describe('jobRows: each engine\u2019s e-mails beside the reference\u2019s, then its no-op jobs', () => {
  it('puts the reference row right after the e-mails it is compared with, and divides drains by it', () => {
    const rows = jobRows(engines, reference);
    expect(rows.map((row) => [row.engine, row.work.split(':')[0], row.reference ?? false])).toEqual([
      ['sqlite', 'e-mails', false],
      ['sqlite', 'e-mails', true],
      ['sqlite', 'no-op jobs', false],
      ['postgresql', 'e-mails', false],
      ['postgresql', 'e-mails', true],
      ['postgresql', 'no-op jobs', false],
    ]);
    expect(rows[0]?.vsBefore).toBe(0.5);
    expect(rows[3]?.vsBefore).toBe(1.25);
    expect(rows[1]).toMatchObject({ enqueuePerSecond: 20, drainPerSecond: 100, drainPerCpuSecond: 1000 });
    expect(rows[1]?.work).toContain('before the job runner (f1408a8, measured 2026-11-26)');
    // The no-op jobs have no earlier figure to be compared with.
    expect(rows[2]?.vsBefore).toBeUndefined();
  });

  it('leaves out the reference, and the ratio, on an engine it was not measured on', () => {
    const rows = jobRows(engines, { ...reference, email: { sqlite: reference.email.sqlite } });
    expect(rows.filter((row) => row.engine === 'postgresql').map((row) => row.reference ?? false)).toEqual([
      false,
      false,
    ]);
    expect(rows.find((row) => row.engine === 'postgresql')?.vsBefore).toBeUndefined();
  });
});

describe('jobsMarkdown', () => {
  it('states the counts, the concurrency and the reference, and tables the rows, the reference in italics', () => {
    const lines = jobsMarkdown(section, reference);
    expect(lines[0]).toContain('500 e-mails');
    expect(lines[0]).toContain('2,000 no-op jobs');
    expect(lines[0]).toContain('default of 4 slots');
    expect(lines[0]).toContain('PostgreSQL 15.20 at 127.0.0.1:5432');
    expect(lines[0]).toContain('measured 2026-11-26: a note on how.');
    const rows = lines.filter((line) => /^\| (SQLite|PostgreSQL) /.test(line));
    expect(rows).toHaveLength(6);
    expect(rows[0]).toBe('| SQLite | e-mails: outbox + delivery job (log transport) | 18 | 50 | 500 | 0.50 × |');
    expect(rows[1]).toMatch(
      /^\| SQLite \| _e-mails: e-mail dispatcher before the job runner .*_ \| 20 \| 100 \| 1,000 \| {2}\|$/,
    );
    expect(rows[5]).toBe('| PostgreSQL | no-op jobs | 200 | 1,500 | 15,000 |  |');
  });

  it('says in bold when PostgreSQL, or the whole section, was skipped', () => {
    const withoutPostgresql: JobsSection = {
      ...section,
      engines: engines.slice(0, 1),
      postgresql: { measured: false, reason: 'no URL' },
    };
    expect(jobsMarkdown(withoutPostgresql, reference)[0]).toContain('PostgreSQL **skipped** (no URL)');
    expect(jobsMarkdown({ measured: false, reason: '--jobs 0' })).toEqual(['**Job throughput: skipped** (--jobs 0).']);
  });
});

describe('withJobsRun: a --jobs-only run rewrites only the job part of the generated section', () => {
  const block = (text: string) => `${JOBS_DOCS_START}\n\n${text}\n\n${JOBS_DOCS_END}`;

  it('replaces what lies between the job markers, keeping the rest of the run', () => {
    const document = `# P\n\n${DOCS_START}\nrun table\n\n${block('old jobs')}\n\ntargets\n${DOCS_END}\n\nAfter.\n`;
    const updated = withJobsRun(document, block('new jobs'), DOCS_END);
    expect(updated).toBe(`# P\n\n${DOCS_START}\nrun table\n\n${block('new jobs')}\n\ntargets\n${DOCS_END}\n\nAfter.\n`);
  });

  it('adds the job part at the end of a generated section that has none', () => {
    const document = `${DOCS_START}\nrun table\n${DOCS_END}\n`;
    expect(withJobsRun(document, block('jobs'), DOCS_END)).toBe(
      `${DOCS_START}\nrun table\n${block('jobs')}\n\n${DOCS_END}\n`,
    );
    expect(() => withJobsRun('# P\n', block('jobs'), DOCS_END)).toThrow(/marker/);
  });

  it('writes the block the report embeds between the markers', () => {
    const written = jobsBlock({ measured: false, reason: 'x' });
    expect(written.startsWith(JOBS_DOCS_START)).toBe(true);
    expect(written.endsWith(JOBS_DOCS_END)).toBe(true);
  });
});
