import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQueryable } from '@prisma/driver-adapter-utils';
import type { Database } from './client.ts';

/** The connection Prisma opened through each database's driver adapter, once it has. */
const connections = new WeakMap<Database, () => SqlQueryable | undefined>();

/**
 * The adapter factory as Prisma sees it, remembering the connection it hands Prisma:
 * hot reads query that same connection (SQLite's one, behind the lock that keeps
 * other requests out of an open transaction; PostgreSQL's pool).
 */
export function rememberingConnection<F extends SqlDriverAdapterFactory>(
  factory: F,
): { factory: F; connection: () => SqlQueryable | undefined } {
  let connected: SqlDriverAdapter | undefined;
  const remembering = new Proxy(factory, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver) as unknown;
      return async () => (connected = await target.connect());
    },
  });
  return { factory: remembering, connection: () => connected };
}

/** Called by the openers (sqlite-database.ts, postgresql-database.ts). */
export function registerConnection(db: Database, connection: () => SqlQueryable | undefined): void {
  connections.set(db, connection);
}

/** The connection Prisma opened for `db`, or undefined before its first query. */
export function connectionOf(db: Database): SqlQueryable | undefined {
  return connections.get(db)?.();
}
