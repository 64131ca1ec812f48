import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlDriverAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type Transaction,
} from '@prisma/driver-adapter-utils';

/**
 * A first-come, first-served lock: `run` waits for every earlier holder to finish.
 * A rejected task releases the lock like a resolved one. Hand-written rather than
 * async-mutex's Mutex: that would replace only the promise chain below (the wait
 * timing and the once-only release stay ours), for a dependency more on every query.
 */
export class Lock {
  #tail: Promise<void> = Promise.resolve();
  readonly #onWait: ((waitedMs: number) => void) | undefined;

  /** `onWait` is told how long each holder waited for the lock, in milliseconds. */
  constructor(onWait?: (waitedMs: number) => void) {
    this.#onWait = onWait;
  }

  /** Waits for the lock; the returned function releases it (only the first call counts). */
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    const asked = performance.now();
    await previous;
    this.#onWait?.(performance.now() - asked);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release();
    };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}

/**
 * SQLite through better-sqlite3 is one connection, and a transaction belongs to a
 * connection: the stock adapter serialises transactions against each other, but a
 * query from another request while a transaction is open runs *inside* it (sees
 * its uncommitted rows, and is rolled back with it). This wrapper gives the
 * transaction the connection to itself: other queries wait until it commits or
 * rolls back. Code inside a transaction must therefore use the transaction's
 * client (src/server/db/transaction.ts), never the root one, which would wait on
 * itself until the transaction times out (docs/decisions/0011-transactional-email.md):
 * root-client-guard.ts refuses such a query at once instead.
 *
 * Transactions begin IMMEDIATE, taking the file's write lock up front
 * (docs/decisions/0014-durability-and-lifecycle.md): the stock adapter's deferred
 * `BEGIN` takes it at the first write, and if another process holds it then, SQLite
 * fails that write at once with SQLITE_BUSY instead of waiting out the busy timeout
 * (waiting could deadlock a reader that wants to become a writer).
 */
export function oneConnectionAtATime<F extends SqlDriverAdapterFactory | SqlMigrationAwareDriverAdapterFactory>(
  factory: F,
  options: { onWait?: (waitedMs: number) => void } = {},
): F {
  return new Proxy(factory, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver) as unknown;
      return async () => {
        const adapter = await target.connect();
        return exclusiveTransactions(adapter, new Lock(options.onWait));
      };
    },
  });
}

function exclusiveTransactions(adapter: SqlDriverAdapter, lock: Lock): SqlDriverAdapter {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      switch (property) {
        case 'queryRaw':
          return (query: Parameters<SqlDriverAdapter['queryRaw']>[0]) => lock.run(() => target.queryRaw(query));
        case 'executeRaw':
          return (query: Parameters<SqlDriverAdapter['executeRaw']>[0]) => lock.run(() => target.executeRaw(query));
        case 'executeScript':
          return (script: string) => lock.run(() => target.executeScript(script));
        case 'startTransaction':
          return async (isolationLevel?: Parameters<SqlDriverAdapter['startTransaction']>[0]) => {
            // SQLite transactions are serialisable; the stock adapter refuses any other level too.
            if (isolationLevel && isolationLevel !== 'SERIALIZABLE') {
              throw new DriverAdapterError({ kind: 'InvalidIsolationLevel', level: isolationLevel });
            }
            const release = await lock.acquire();
            try {
              await target.executeRaw(statement('BEGIN IMMEDIATE'));
            } catch (error) {
              release();
              throw error;
            }
            return immediateTransaction(target, release);
          };
        default: {
          const value = Reflect.get(target, property, receiver) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        }
      }
    },
  });
}

function statement(sql: string): SqlQuery {
  return { sql, args: [], argTypes: [] };
}

/** The statements with which Prisma's engine ends a transaction before calling commit() or rollback(). */
const ENDS_TRANSACTION = /^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i;

/**
 * A transaction on the shared connection, ended by Prisma's engine: it sends COMMIT
 * or ROLLBACK itself, then calls `commit()` or `rollback()` to hand the connection
 * back. A COMMIT that fails (a deferred foreign key, a full disk) leaves the
 * transaction open on the connection; the engine then calls `rollback()`, which must
 * roll it back, or every later BEGIN fails and later reads see the rows that never
 * committed (the stock adapter has this flaw).
 */
function immediateTransaction(connection: SqlDriverAdapter, release: () => void): Transaction {
  let open = true;
  const end = async () => {
    try {
      if (open) await connection.executeRaw(statement('ROLLBACK'));
    } finally {
      open = false;
      release();
    }
  };
  return {
    provider: connection.provider,
    adapterName: connection.adapterName,
    options: { usePhantomQuery: false },
    queryRaw: (query) => connection.queryRaw(query),
    executeRaw: async (query) => {
      const changes = await connection.executeRaw(query);
      if (ENDS_TRANSACTION.test(query.sql)) open = false;
      return changes;
    },
    commit: end,
    rollback: end,
    createSavepoint: async (name) => {
      await connection.executeRaw(statement(`SAVEPOINT ${name}`));
    },
    rollbackToSavepoint: async (name) => {
      await connection.executeRaw(statement(`ROLLBACK TO ${name}`));
    },
    releaseSavepoint: async (name) => {
      await connection.executeRaw(statement(`RELEASE SAVEPOINT ${name}`));
    },
  };
}
