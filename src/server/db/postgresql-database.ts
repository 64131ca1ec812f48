import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/postgresql/client.ts';
import { type DatabaseOptions, transactionOptions } from './database-options.ts';

/**
 * The pg driver adapter with a pool of `poolSize` connections: the settings every
 * connection of the app uses.
 */
export function postgresqlDriverAdapter({
  databaseUrl,
  poolSize = 10,
  connectTimeoutMs = 5_000,
}: Pick<DatabaseOptions, 'databaseUrl' | 'poolSize' | 'connectTimeoutMs'>): PrismaPg {
  return new PrismaPg(
    {
      connectionString: databaseUrl,
      max: poolSize,
      connectionTimeoutMillis: connectTimeoutMs,
      // Idle connections close, so a restarted database server leaves no dead ones behind.
      idleTimeoutMillis: 30_000,
    },
    // A connection dropped while idle (the server restarted) is an 'error' event on
    // the pool; handled, the pool replaces it, and the next query reconnects.
    { onPoolError: () => undefined, onConnectionError: () => undefined },
  );
}

/**
 * Opens the Prisma client on PostgreSQL through the pg driver adapter, with a pool of
 * `poolSize` connections per process (docs/operations.md sizes it against the
 * server's max_connections).
 */
export function openPostgresqlDatabase(options: DatabaseOptions): PrismaClient {
  return new PrismaClient({
    adapter: postgresqlDriverAdapter(options),
    transactionOptions: transactionOptions(options.busyTimeoutMs),
  });
}

export async function postgresqlVersion(db: PrismaClient): Promise<string> {
  const [row] = await db.$queryRaw<{ version: string }[]>`SELECT current_setting('server_version') AS version`;
  return row?.version ?? 'unknown';
}
