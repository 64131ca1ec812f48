import type {
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlMigrationAwareDriverAdapterFactory,
  Transaction,
} from '@prisma/driver-adapter-utils';

/**
 * A first-come, first-served lock: `run` waits for every earlier holder to finish.
 * A rejected task releases the lock like a resolved one.
 */
export class Lock {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the lock; the returned function releases it (only the first call counts). */
  async acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    await previous;
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
 * client (src/server/db/transaction.ts), never the root one, or it waits on itself
 * until the transaction times out (docs/decisions/0011-transactional-email.md).
 */
export function oneConnectionAtATime<F extends SqlDriverAdapterFactory | SqlMigrationAwareDriverAdapterFactory>(
  factory: F,
): F {
  return new Proxy(factory, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver) as unknown;
      return async () => exclusiveTransactions(await target.connect());
    },
  });
}

function exclusiveTransactions(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const lock = new Lock();
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
            const release = await lock.acquire();
            try {
              return releasingOnEnd(await target.startTransaction(isolationLevel), release);
            } catch (error) {
              release();
              throw error;
            }
          };
        default: {
          const value = Reflect.get(target, property, receiver) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        }
      }
    },
  });
}

function releasingOnEnd(transaction: Transaction, release: () => void): Transaction {
  return new Proxy(transaction, {
    get(target, property, receiver) {
      if (property === 'commit' || property === 'rollback') {
        return async () => {
          try {
            await target[property]();
          } finally {
            release();
          }
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
