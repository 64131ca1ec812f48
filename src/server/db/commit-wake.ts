import { engineOfDatabase, type Database } from './client.ts';
import { afterCommit, currentClient } from './transaction.ts';

/**
 * Wake-ups that ride on a commit, one mechanism for every waiter (the jobs' workers, the
 * live updates' feed): rows committed on a channel wake this process's waiters directly
 * and, on PostgreSQL, other instances' through NOTIFY, which the server delivers only at
 * commit (heard by notification-listener.ts). A rollback wakes nobody.
 */
const waiters = new WeakMap<Database, Map<string, Set<() => void>>>();

/** Calls `wake` whenever this process commits work on `channel` of `db`; answers the way to stop. */
export function onCommitted(db: Database, channel: string, wake: () => void): () => void {
  const channels = waiters.get(db) ?? new Map<string, Set<() => void>>();
  waiters.set(db, channels);
  const set = channels.get(channel) ?? new Set();
  channels.set(channel, set);
  set.add(wake);
  return () => set.delete(wake);
}

/** Wakes `channel`'s waiters once the open transaction commits (at once outside one). */
export async function wakeOnCommit(db: Database, channel: string): Promise<void> {
  if (engineOfDatabase(db) === 'postgresql') await currentClient(db).$executeRaw`SELECT pg_notify(${channel}, '')`;
  afterCommit(() => {
    for (const wake of waiters.get(db)?.get(channel) ?? []) wake();
  });
}
