import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQueryable } from '@prisma/driver-adapter-utils';

/**
 * The adapter factory as Prisma sees it, remembering the connection it hands Prisma,
 * which hot reads then query directly (client.ts's `connectionOf`).
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
