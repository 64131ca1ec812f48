import { describe, expect, it } from 'vitest';
import { databaseEnv } from './servers.ts';

describe("a benchmark server's database", () => {
  it('is a SQLite file by its path', () => {
    expect(databaseEnv('/tmp/rpc-bench-1/app.db')).toEqual({ DATABASE_URL: 'file:/tmp/rpc-bench-1/app.db' });
  });

  it('is a PostgreSQL database by its URL, with the one secret every instance there must share', () => {
    const env = databaseEnv('postgresql://postgres@127.0.0.1:5432/bench_1_app');
    expect(env.DATABASE_URL).toBe('postgresql://postgres@127.0.0.1:5432/bench_1_app');
    expect(env.AUTH_SECRET?.length).toBeGreaterThanOrEqual(32);
    expect(databaseEnv('postgres://db/bench_1_app').AUTH_SECRET).toBe(env.AUTH_SECRET);
  });
});
