import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client.ts';
import type { Prisma } from './generated/sqlite/client.ts';

export type TransactionClient = Prisma.TransactionClient;

/** The database as code inside or outside a transaction uses it. */
export type DatabaseClient = Database | TransactionClient;

interface ActiveTransaction {
  client: TransactionClient;
  afterCommit: (() => void)[];
}

const active = new AsyncLocalStorage<ActiveTransaction>();

/**
 * Runs `work` in one database transaction, or inside the transaction already open
 * around it (so a service can be called alone or as part of a larger change). Code
 * that must commit together with its caller's change, such as queueing an e-mail,
 * reaches the open transaction through `currentClient` instead of taking a client
 * as a parameter through every layer.
 */
export async function inTransaction<T>(db: Database, work: (tx: TransactionClient) => Promise<T>): Promise<T> {
  const open = active.getStore();
  if (open) return work(open.client);
  const afterCommit: (() => void)[] = [];
  const result = await db.$transaction((client) => active.run({ client, afterCommit }, () => work(client)));
  for (const callback of afterCommit) callback();
  return result;
}

/** The open transaction's client, or the database itself outside one. */
export function currentClient(db: Database): DatabaseClient {
  return active.getStore()?.client ?? db;
}

/** Whether the calling code runs inside an open transaction (slow work, such as hashing a password, must not). */
export function transactionOpen(): boolean {
  return active.getStore() !== undefined;
}

/** Runs `callback` once the open transaction commits (never if it rolls back), or now outside one. */
export function afterCommit(callback: () => void): void {
  const open = active.getStore();
  if (open) open.afterCommit.push(callback);
  else callback();
}

/**
 * The database as a library that opens its own transactions sees it: its
 * `$transaction(fn)` joins `inTransaction`, so the library's writes, ours and the
 * e-mails queued in between commit together (the auth library's Prisma adapter).
 */
export function joiningTransactions(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === '$transaction') {
        return (work: unknown, options?: unknown) =>
          typeof work === 'function'
            ? inTransaction(target, work as (tx: TransactionClient) => Promise<unknown>)
            : target.$transaction(work as Prisma.PrismaPromise<unknown>[], options as never);
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
