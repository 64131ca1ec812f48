import type { Database } from '../db/client.ts';

/**
 * Makes the database's raw queries fail with `error`, except the read of the caller's
 * session and user (src/server/features/auth/viewer.ts, a raw query on PostgreSQL): a
 * test of how a failing procedure answers stays signed in while the procedure fails.
 */
export function failRawQueries(db: Database, error: Error): void {
  const real = db.$queryRaw.bind(db);
  db.$queryRaw = ((query: TemplateStringsArray, ...values: unknown[]) =>
    Array.isArray(query) && query.join('').includes('"Session"')
      ? real(query, ...values)
      : Promise.reject(error)) as never;
}
