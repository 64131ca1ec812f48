import { describe, expect, it } from 'vitest';
import { benchCases, CASE_IDS, casesToRun } from './cases.ts';
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
});
