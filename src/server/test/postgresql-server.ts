import { databaseUrlOn, withSession } from '../db/migration-adapters.ts';

/*
 * Databases of the test run on the PostgreSQL server TEST_POSTGRES_URL names: a
 * migrated template made once, and a copy of it per test database, all named with
 * the run's prefix and dropped at its end.
 */

/** A new database, copied from `template` when given; waits while another copy of it is being made. */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  await withSession(serverUrl, async (session) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await session.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
        return;
      } catch (error) {
        // "source database is being accessed by other users": a concurrent copy.
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  });
  return databaseUrlOn(serverUrl, name);
}

export async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await withSession(serverUrl, async (session) => {
    for (const name of names) await session.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Every database whose name starts with `prefix`. */
export async function databasesNamed(serverUrl: string, prefix: string): Promise<string[]> {
  return withSession(serverUrl, async (session) => {
    const result = await session.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    return result.rows.map((row) => row.datname);
  });
}
