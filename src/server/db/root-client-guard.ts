import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';

/** Thrown at once when code inside `inTransaction` queries the root client instead of the transaction's. */
export class RootClientInTransactionError extends Error {
  constructor() {
    super(
      'The root database client was used inside inTransaction. Use the transaction client `tx` that inTransaction ' +
        'passes, or currentClient(db): the root client runs outside the transaction (it does not see its writes ' +
        'and is not rolled back with it), and on SQLite it would wait for the connection the transaction holds ' +
        'until the transaction times out.',
    );
    this.name = 'RootClientInTransactionError';
  }
}

/** The adapter's methods that reach the database outside a transaction. */
const OUTSIDE_TRANSACTION = ['queryRaw', 'executeRaw', 'executeScript', 'startTransaction'] as const;

/**
 * The adapter factory, refusing queries that the root client sends while the calling
 * code runs inside an open transaction on the same database (`insideTransaction`).
 * Queries through the transaction's client go to the adapter's Transaction object, not
 * through here, so they pass unchecked. The rule holds on both engines: on PostgreSQL
 * such a query takes a second pooled connection and works, but outside the
 * transaction, and the same code on SQLite would wait on itself (one connection); code
 * that passes on one engine must not hang on the other.
 */
export function refusingRootClientInTransaction<F extends SqlDriverAdapterFactory>(
  factory: F,
  insideTransaction: () => boolean,
): F {
  return new Proxy(factory, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver) as unknown;
      return async () => guarded(await target.connect(), insideTransaction);
    },
  });
}

function guarded(adapter: SqlDriverAdapter, insideTransaction: () => boolean): SqlDriverAdapter {
  // Methods are bound once per connection, not at every access: the check is the only
  // work the guard adds to a query.
  const methods = new Map<PropertyKey, (...args: unknown[]) => unknown>();
  for (const name of OUTSIDE_TRANSACTION) {
    const method = (adapter[name] as (...args: unknown[]) => unknown).bind(adapter);
    methods.set(name, (...args) =>
      insideTransaction() ? Promise.reject(new RootClientInTransactionError()) : method(...args),
    );
  }
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const known = methods.get(property);
      if (known) return known;
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      methods.set(property, bound);
      return bound;
    },
  });
}
