import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client.ts';
import type { Prisma } from './generated/sqlite/client.ts';

export type TransactionClient = Prisma.TransactionClient;

/** The database as code inside or outside a transaction uses it. */
export type DatabaseClient = Database | TransactionClient;

interface ActiveTransaction {
  db: Database;
  client: TransactionClient;
  afterCommit: (() => void)[];
  /** False once the transaction has committed or rolled back: work it started may outlive it. */
  open: boolean;
}

const active = new AsyncLocalStorage<ActiveTransaction>();

/**
 * Work that commits together with the next transaction the calling code opens: it runs
 * inside that transaction after the transaction's own work succeeded, just before the
 * commit, and rolls back with it. The audit trail writes a successful change's row this
 * way, in the change's own commit (docs/decisions/0042-audit-row-in-the-change.md).
 * One companion joins one transaction that commits: a transaction that rolls back
 * releases it for the next; once `close`d, none takes it.
 */
export class CommitCompanion {
  #taken = false;
  #closed = false;
  #committed = false;

  /** `write` joins a transaction on `db` only: another database's commit is not this row's. */
  constructor(
    private readonly db: Database,
    private readonly write: (tx: TransactionClient, result: unknown) => Promise<void>,
  ) {}

  /** Runs `work` with the companion offered to the transactions it opens. */
  offer<T>(work: () => Promise<T>): Promise<T> {
    return companions.run(this, work);
  }

  /**
   * Ends the offer: answers whether the companion committed with a transaction. When it
   * did not, its work is the caller's to do.
   */
  close(): boolean {
    this.#closed = true;
    return this.#committed;
  }

  /** @internal The companion, if a transaction on `db` may still take it (inTransaction). */
  static take(db: Database): CommitCompanion | undefined {
    const companion = companions.getStore();
    if (companion?.db !== db || companion.#taken || companion.#closed) return undefined;
    companion.#taken = true;
    return companion;
  }

  /** @internal Written inside the transaction that took it, before it commits. */
  async joinBeforeCommit(tx: TransactionClient, result: unknown): Promise<void> {
    // A transaction started by the offered work but still running when the offer ended
    // (work left behind, not awaited) must not write what the caller has written itself.
    if (!this.#closed) await this.write(tx, result);
  }

  /** @internal The transaction that took it has ended. */
  settled(committed: boolean): void {
    if (committed && !this.#closed) this.#committed = true;
    else this.#taken = this.#committed;
  }
}

const companions = new AsyncLocalStorage<CommitCompanion>();

/** The transaction open around the calling code, if any (not one that has already ended). */
function openTransaction(): ActiveTransaction | undefined {
  const transaction = active.getStore();
  return transaction?.open ? transaction : undefined;
}

/**
 * Runs `work` in one database transaction, or inside the transaction already open
 * around it (so a service can be called alone or as part of a larger change). Code
 * that must commit together with its caller's change, such as queueing an e-mail,
 * reaches the open transaction through `currentClient` instead of taking a client
 * as a parameter through every layer. Inside `work`, the root client `db` is refused
 * at once (root-client-guard.ts): use `tx` or `currentClient(db)`.
 */
export async function inTransaction<T>(db: Database, work: (tx: TransactionClient) => Promise<T>): Promise<T> {
  const open = openTransaction();
  if (open) return work(open.client);
  let transaction: ActiveTransaction | undefined;
  let result: T;
  const companion = CommitCompanion.take(db);
  let committed = false;
  try {
    result = await db.$transaction((client) => {
      transaction = { db, client, afterCommit: [], open: true };
      // Awaited inside the context: a Prisma query `work` returns unawaited starts only
      // when awaited, and must start as part of the transaction.
      return active.run(transaction, async () => {
        const done = await work(client);
        await companion?.joinBeforeCommit(client, done);
        return done;
      });
    });
    committed = true;
  } finally {
    if (transaction) transaction.open = false;
    companion?.settled(committed);
  }
  for (const callback of transaction?.afterCommit ?? []) callback();
  return result;
}

/** The open transaction's client, or the database itself outside one. */
export function currentClient(db: Database): DatabaseClient {
  return openTransaction()?.client ?? db;
}

/** Whether the calling code runs inside an open transaction (slow work, such as hashing a password, must not). */
export function transactionOpen(): boolean {
  return openTransaction() !== undefined;
}

/**
 * Whether the calling code runs inside an open transaction on `db`: the root client's
 * queries are then refused (root-client-guard.ts).
 */
export function transactionOpenOn(db: object): boolean {
  return openTransaction()?.db === db;
}

/** Runs `callback` once the open transaction commits (never if it rolls back), or now outside one. */
export function afterCommit(callback: () => void): void {
  const open = openTransaction();
  if (open) open.afterCommit.push(callback);
  else callback();
}

/**
 * The database as a library sees it: every query it makes while a transaction of ours
 * is open runs in that transaction, and its own `$transaction(fn)` joins
 * `inTransaction`, so the library's writes, ours and the e-mails queued in between
 * commit together (the auth library's Prisma adapter).
 */
export function joiningTransactions(db: Database): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === '$transaction') {
        return (work: unknown, options?: unknown) =>
          typeof work === 'function'
            ? inTransaction(target, work as (tx: TransactionClient) => Promise<unknown>)
            : target.$transaction(work as Prisma.PrismaPromise<unknown>[], options as never);
      }
      const open = openTransaction();
      const source: object = open?.db === target ? open.client : target;
      const value = Reflect.get(source, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}
