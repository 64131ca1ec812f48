import { transactionOpenOn } from './transaction.ts';

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

/** The root client's methods that reach the database (lint refuses the unsafe raw ones). */
const CLIENT_QUERIES = new Set(['$queryRaw', '$executeRaw', '$transaction']);

type Method = (...args: unknown[]) => unknown;

/**
 * The client, refusing its queries while the calling code runs inside an open
 * transaction on it. The check runs where the query is made, in the caller's own
 * context (Prisma may run queries from several callers together later). Transaction
 * clients are other objects, so their queries pass unchecked. The rule holds on both
 * engines: on PostgreSQL such a query takes a second pooled connection and works, but
 * outside the transaction, and the same code on SQLite would wait on itself (one
 * connection); code that passes on one engine must not hang on the other.
 */
export function refusingRootClientInTransaction<D extends object>(client: D): D {
  const inside = (): boolean => transactionOpenOn(guarded);
  const refusing =
    (method: Method, target: object): Method =>
    (...args) => {
      // Thrown where the query is made: a rejected promise nobody awaits would go unnoticed.
      if (inside()) throw new RootClientInTransactionError();
      return method.apply(target, args);
    };
  const delegates = new Map<PropertyKey, unknown>();
  // Keyed by the method itself, not its name: a method replaced later (a test's spy) is wrapped anew.
  const methods = new WeakMap<Method, Method>();
  const guarded: D = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof property !== 'string') return value;
      if (typeof value === 'function') {
        return CLIENT_QUERIES.has(property) ? refusing(value as Method, target) : (value as Method).bind(target);
      }
      // A model's delegate (`db.user`): each of its methods is a query.
      if (property.startsWith('$') || value === null || typeof value !== 'object') return value;
      let delegate = delegates.get(property);
      if (!delegate) {
        delegate = new Proxy(value, {
          get(model, name) {
            const member = Reflect.get(model, name) as unknown;
            if (typeof member !== 'function') return member;
            let method = methods.get(member as Method);
            if (!method) methods.set(member as Method, (method = refusing(member as Method, model)));
            return method;
          },
        });
        delegates.set(property, delegate);
      }
      return delegate;
    },
  });
  return guarded;
}
