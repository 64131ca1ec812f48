import { randomUUID } from 'node:crypto';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { engineOf } from './engines.ts';
import { sqliteFileFromUrl } from './sqlite-url.ts';

/**
 * The driver adapters the WebAssembly schema engine migrates through, one per engine,
 * each mended where the stock adapter fails the engine (docs/decisions/0003 and 0016).
 * `opened` collects the main connections, for the engine to close after use.
 */
export function migrationAdapterFactory(
  databaseUrl: string,
  opened: SqlDriverAdapter[],
  shadowDatabaseUrl?: string,
): SqlMigrationAwareDriverAdapterFactory {
  const factory =
    engineOf(databaseUrl) === 'sqlite' ? sqliteFactory(databaseUrl) : postgresqlFactory(databaseUrl, shadowDatabaseUrl);
  return {
    ...factory,
    connect: async () => {
      const adapter = await factory.connect();
      opened.push(adapter);
      return adapter;
    },
  };
}

/**
 * The engine replays each migration on the shadow database through `executeRaw`
 * with no arguments, which better-sqlite3 refuses for multi-statement SQL.
 */
function runScriptsWholesale(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query) => {
    if (query.args.length > 0) return executeRaw(query);
    await adapter.executeScript(query.sql);
    return 0;
  };
  return adapter;
}

function sqliteFactory(databaseUrl: string): SqlMigrationAwareDriverAdapterFactory {
  const base = new PrismaBetterSqlite3({ url: sqliteFileFromUrl(databaseUrl) });
  return {
    provider: base.provider,
    adapterName: base.adapterName,
    connect: async () => runScriptsWholesale(await base.connect()),
    // The adapter's shadow database is a fresh `:memory:` database per call.
    connectToShadowDb: async () => runScriptsWholesale(await base.connectToShadowDb()),
  };
}

type PgAdapter = Awaited<ReturnType<PrismaPg['connect']>>;

/** PostgreSQL's internal one-byte `"char"` type, which catalogue queries return. */
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHAR_READ_AS_TEXT = Symbol.for('rpc-monolith.pg-char-read-as-text');

/**
 * Mends the pg adapter for the schema engine: the engine's catalogue queries return
 * `"char"` columns, which the adapter cannot decode (they are read as text instead;
 * the app's own models never use the type), and a migration script must run as one
 * query, not split on every `;` (which breaks a `;` inside a string or a function body).
 */
function forSchemaEngine(adapter: PgAdapter): PgAdapter {
  // performIO is private and shared by the adapter and its transactions: the
  // prototype is the one place that reaches both. The mark sits on the prototype, as
  // this module may be loaded more than once (vitest) while the adapter's is one.
  const queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter)) as {
    performIO: (this: unknown, query: unknown) => Promise<{ fields?: { dataTypeID: number }[] }>;
    [CHAR_READ_AS_TEXT]?: true;
  };
  if (!queryable[CHAR_READ_AS_TEXT]) {
    const performIO = queryable.performIO;
    queryable.performIO = async function (this: unknown, query: unknown) {
      const result = await performIO.call(this, query);
      for (const field of result.fields ?? []) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
      return result;
    };
    queryable[CHAR_READ_AS_TEXT] = true;
  }
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      (adapter as unknown as { onError: (error: unknown) => never }).onError(error);
    }
  };
  return adapter;
}

/** Host, port and database name: what makes two URLs the same database. */
function databaseIdentity(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}/${decodeURIComponent(parsed.pathname.slice(1))}`;
}

/** The URL of `database` on the same server, as the same role, as `serverUrl`. */
export function databaseUrlOn(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

/**
 * Runs `work` on a PostgreSQL session of its own, outside any pool, and closes it:
 * for a session-level lock, or CREATE and DROP DATABASE (which refuse a transaction).
 */
export async function withSession<T>(databaseUrl: string, work: (session: pg.Client) => Promise<T>): Promise<T> {
  const session = new pg.Client({ connectionString: databaseUrl });
  await session.connect();
  try {
    return await work(session);
  } finally {
    await session.end();
  }
}

/**
 * The engine wipes its shadow database before use. The stock adapter's shadow
 * database, given a connection string, is the main database itself (pg lets the
 * string override the database name), so it would be wiped. Here the shadow is a
 * database of its own: SHADOW_DATABASE_URL, refused when it names the main database,
 * or a temporary one created beside the main database and dropped after use.
 */
function postgresqlFactory(databaseUrl: string, shadowDatabaseUrl?: string): SqlMigrationAwareDriverAdapterFactory {
  const main = new PrismaPg({ connectionString: databaseUrl, max: 2 });
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => forSchemaEngine(await main.connect()),
    connectToShadowDb: async () => {
      if (shadowDatabaseUrl) {
        if (databaseIdentity(shadowDatabaseUrl) === databaseIdentity(databaseUrl)) {
          throw new Error('SHADOW_DATABASE_URL names the main database, which the schema engine would wipe.');
        }
        return forSchemaEngine(await new PrismaPg({ connectionString: shadowDatabaseUrl, max: 1 }).connect());
      }
      return temporaryShadowDatabase(databaseUrl);
    },
  };
}

async function temporaryShadowDatabase(databaseUrl: string): Promise<PgAdapter> {
  const name = `prisma_shadow_${randomUUID().replaceAll('-', '')}`;
  await withSession(databaseUrl, async (session) => {
    try {
      await session.query(`CREATE DATABASE "${name}"`);
    } catch (error) {
      throw new Error(
        `Could not create a temporary shadow database (the role needs CREATEDB), or set SHADOW_DATABASE_URL: ${(error as Error).message}`,
        { cause: error },
      );
    }
  });
  const shadow = forSchemaEngine(
    await new PrismaPg({ connectionString: databaseUrlOn(databaseUrl, name), max: 1 }).connect(),
  );
  const dispose = shadow.dispose.bind(shadow);
  shadow.dispose = async () => {
    // The pool first, or the drop waits on its connection.
    await dispose();
    await withSession(databaseUrl, (session) => session.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };
  return shadow;
}

/** An arbitrary key of this app's own, distinct from the one Prisma's CLI takes. */
const MIGRATION_LOCK_KEY = 0x72_70_63_6d;

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so instances that start
 * together migrate one after the other: the first applies, the rest find nothing
 * pending. SQLite needs none: the schema engine holds the file's write lock.
 */
export async function underMigrationLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  if (engineOf(databaseUrl) === 'sqlite') return work();
  return withSession(databaseUrl, async (session) => {
    // Closing the session releases the lock, even if the unlock is never sent.
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return work();
  });
}
