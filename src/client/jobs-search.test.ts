import { describe, expect, it } from 'vitest';
import { jobStatuses } from '../shared/schemas/jobs.schema.ts';
import { jobsSearch } from './jobs-search.ts';

describe('jobsSearch', () => {
  it('keeps a known status and drops anything else', () => {
    for (const status of jobStatuses) expect(jobsSearch({ status })).toEqual({ status });
    expect(jobsSearch({})).toEqual({});
    expect(jobsSearch({ status: 'nope', other: 1 })).toEqual({});
    expect(jobsSearch({ status: ['failed'] })).toEqual({});
  });
});
