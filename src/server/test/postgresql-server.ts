import pg from 'pg';

/**
 * Databases of the test run on the PostgreSQL server TEST_POSTGRES_URL names: a
 * migrated template made once, and a copy of it per test database, all named with
 * the run's prefix and dropped at its end.
 */
export function testPostgresUrl(): string | undefined {
  const url = process.env.TEST_POSTGRES_URL;
  return url === '' ? undefined : url;
}

/** The URL of `database` on the same server as `serverUrl`. */
export function databaseUrlOn(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

export async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database, copied from `template` when given; waits while another copy of it is being made. */
export async function createDatabase(serverUrl: string, name: string, template?: string): Promise<string> {
  await withAdmin(serverUrl, async (client) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
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
  await withAdmin(serverUrl, async (client) => {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Every database whose name starts with `prefix`. */
export async function databasesNamed(serverUrl: string, prefix: string): Promise<string[]> {
  return withAdmin(serverUrl, async (client) => {
    const result = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    return result.rows.map((row) => row.datname);
  });
}
