import { describe, expect, it } from 'vitest';
import { benchCases, CASE_IDS, casesToRun, POSTGRESQL_CASE_IDS, postgresqlCases } from './cases.ts';
import { readBenchOptions } from './options.ts';

describe('the benchmark command line', () => {
  it('runs every case and writes the docs by default', () => {
    const options = readBenchOptions([]);
    expect(options.cases).toBeUndefined();
    expect(options.noDocs).toBe(false);
  });

  it('runs only the cases named, and then leaves docs/performance.md alone', () => {
    const options = readBenchOptions(['--case', 'no-db query', '--case', 'primary-key read']);
    expect(options.cases).toEqual(['no-db query', 'primary-key read']);
    expect(options.noDocs).toBe(true);
  });

  it('refuses a case that does not exist, naming the ones that do', () => {
    expect(() => readBenchOptions(['--case', 'no-db'])).toThrow(
      /Unknown case "no-db"; the cases: baseline, no-db query/,
    );
  });

  it('knows every case the benchmark runs, in their order', () => {
    const cases = benchCases(
      'http://127.0.0.1:1',
      { cookie: 'c', memberId: 'm' },
      { signedInCookie: 's', writeCookie: 'w' },
    );
    expect(cases.map((each) => each.id)).toEqual([...CASE_IDS]);
    const onPostgresql = postgresqlCases(
      'http://127.0.0.1:1',
      { cookie: 'c', memberId: 'm' },
      { signedInCookie: 's', writeCookie: 'w' },
    );
    expect(onPostgresql.map((each) => each.id)).toEqual([...POSTGRESQL_CASE_IDS]);
  });

  it('takes the PostgreSQL cases by name, and runs them on the PostgreSQL servers with the same requests', () => {
    expect(readBenchOptions(['--case', 'pg write']).cases).toEqual(['pg write']);
    const fixtures = { cookie: 'c', memberId: 'm' };
    const peers = { signedInCookie: 's', writeCookie: 'w' };
    const onSqlite = new Map(benchCases('http://127.0.0.1:1', fixtures, peers).map((each) => [each.id, each]));
    const [baseline, ...signedIn] = postgresqlCases('http://127.0.0.1:1', fixtures, peers);
    // The raw pg read is the app's caller read: it gets the app's session cookie.
    expect(baseline).toMatchObject({ server: 'pgRaw', request: { headers: { cookie: 'c' } } });
    for (const each of signedIn) {
      const twin = onSqlite.get(each.id.replace(/^pg /, '') as (typeof CASE_IDS)[number]);
      expect(each.server).toMatch(/^pg[A-Z]/);
      expect(each.request).toEqual(twin?.request);
      expect(each.peer).toBe(twin?.peer && `pg ${twin.peer}`);
    }
    expect(casesToRun(signedIn, ['pg signed-in query', 'write']).map((each) => each.id)).toEqual([
      'pg signed-in query',
      'pg stock signed-in query',
    ]);
  });

  it('brings the stock peer of an app case named, so its ratio can be taken', () => {
    const cases = benchCases(
      'http://127.0.0.1:1',
      { cookie: 'c', memberId: 'm' },
      { signedInCookie: 's', writeCookie: 'w' },
    );
    const ids = (named: (typeof CASE_IDS)[number][]) => casesToRun(cases, named).map((each) => each.id);
    expect(ids(['write', 'signed-in query'])).toEqual([
      'signed-in query',
      'stock signed-in query',
      'write',
      'stock write',
    ]);
    expect(ids(['no-db query'])).toEqual(['no-db query']);
    expect(casesToRun(cases)).toHaveLength(cases.length);
  });

  it('measures 2,000 no-op jobs and 500 e-mails per engine by default; --jobs 0 skips, --jobs-only runs only them', () => {
    expect(readBenchOptions([])).toMatchObject({ jobs: 2000, emails: 500, jobsOnly: false });
    expect(readBenchOptions(['--jobs', '0']).jobs).toBe(0);
    expect(readBenchOptions(['--jobs-only', '--jobs', '100', '--emails', '20'])).toMatchObject({
      jobs: 100,
      emails: 20,
      jobsOnly: true,
      noDocs: false,
    });
    expect(() => readBenchOptions(['--jobs-only', '--jobs', '0'])).toThrow(/--jobs-only/);
    expect(() => readBenchOptions(['--jobs-only', '--case', 'write'])).toThrow(/--jobs-only/);
    expect(() => readBenchOptions(['--emails', '0'])).toThrow(/--emails/);
  });
});
