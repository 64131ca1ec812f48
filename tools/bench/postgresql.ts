/**
 * The benchmark's PostgreSQL leg: whether it runs, on which server, and the
 * names of its databases. It runs when a server URL is given (BENCH_POSTGRES_URL, else
 * TEST_POSTGRES_URL, as the test suite's); the role must be allowed to create databases.
 * Each server gets a database of its own, `bench_<pid>_…`, made and dropped by the run.
 */
import type { CaseId } from './cases.ts';

export type PostgresqlPlan =
  { run: true; serverUrl: string; from: 'BENCH_POSTGRES_URL' | 'TEST_POSTGRES_URL' } | { run: false; reason: string };

/** The leg's plan from the environment and a `--case` filter (the leg runs when one of its cases is named). */
export function postgresqlPlan(env: Record<string, string | undefined>, named?: readonly CaseId[]): PostgresqlPlan {
  if (named && !named.some((id) => id.startsWith('pg '))) {
    return { run: false, reason: 'no `pg …` case was named with --case' };
  }
  if (env.BENCH_POSTGRES_URL) return { run: true, serverUrl: env.BENCH_POSTGRES_URL, from: 'BENCH_POSTGRES_URL' };
  if (env.TEST_POSTGRES_URL) return { run: true, serverUrl: env.TEST_POSTGRES_URL, from: 'TEST_POSTGRES_URL' };
  return {
    run: false,
    reason:
      'neither BENCH_POSTGRES_URL nor TEST_POSTGRES_URL is set; e.g. BENCH_POSTGRES_URL=postgresql://postgres@127.0.0.1:5432/postgres npm run bench',
  };
}

/** The databases of one run: the app's (its migrations applied by its first start), the signed-in peer's (the library's tables) and the write peer's (a copy of the app's). */
export function benchDatabaseNames(pid: number): { app: string; stockSignedIn: string; stockWrite: string } {
  return {
    app: `bench_${pid}_app`,
    stockSignedIn: `bench_${pid}_stock_signed_in`,
    stockWrite: `bench_${pid}_stock_write`,
  };
}

/** Where the server runs, for the report: host and port only (a URL may carry a password). */
export function serverAddress(serverUrl: string): string {
  const url = new URL(serverUrl);
  return `${url.hostname}:${url.port || '5432'}`;
}
