import { describe, expect, it } from 'vitest';
import { benchDatabaseNames, postgresqlPlan, serverAddress } from './postgresql.ts';

describe("the benchmark's PostgreSQL leg", () => {
  const server = 'postgresql://postgres@127.0.0.1:5432/postgres';

  it('runs on BENCH_POSTGRES_URL, else on TEST_POSTGRES_URL', () => {
    expect(postgresqlPlan({ BENCH_POSTGRES_URL: server, TEST_POSTGRES_URL: 'postgresql://other/db' })).toEqual({
      run: true,
      serverUrl: server,
      from: 'BENCH_POSTGRES_URL',
    });
    expect(postgresqlPlan({ BENCH_POSTGRES_URL: '', TEST_POSTGRES_URL: server })).toEqual({
      run: true,
      serverUrl: server,
      from: 'TEST_POSTGRES_URL',
    });
  });

  it('is skipped, saying why and how to run it, without a server URL', () => {
    const plan = postgresqlPlan({});
    expect(plan.run).toBe(false);
    expect(plan.run ? '' : plan.reason).toMatch(/BENCH_POSTGRES_URL=postgresql:\/\//);
  });

  it('runs under a --case filter only when one of its cases is named', () => {
    expect(postgresqlPlan({ BENCH_POSTGRES_URL: server }, ['signed-in query']).run).toBe(false);
    expect(postgresqlPlan({ BENCH_POSTGRES_URL: server }, ['signed-in query', 'pg write']).run).toBe(true);
  });

  it("names the run's databases bench_<pid>_…, one per server", () => {
    expect(Object.values(benchDatabaseNames(42))).toEqual([
      'bench_42_app',
      'bench_42_stock_signed_in',
      'bench_42_stock_write',
    ]);
  });

  it('reports where the server runs without the credentials of its URL', () => {
    expect(serverAddress('postgresql://bench:secret@db.internal/postgres')).toBe('db.internal:5432');
    expect(serverAddress(server)).toBe('127.0.0.1:5432');
  });
});
