export interface DatabaseOptions {
  /** `file:` for SQLite, `postgresql://` for PostgreSQL: the engine follows from it. */
  databaseUrl: string;
  /**
   * How long a transaction may wait for a connection, and a SQLite statement for
   * another process's lock before failing with SQLITE_BUSY; a transaction may then
   * run for twice as long.
   */
  busyTimeoutMs: number;
  /** SQLite: when a commit reaches the disk; FULL unless told otherwise (docs/decisions/0014-durability-and-lifecycle.md). */
  synchronous?: 'FULL' | 'NORMAL';
  /**
   * SQLite: told how long each query or transaction waited for the one connection,
   * in ms: the counterpart of a pool's wait time, for metrics.
   */
  onConnectionWait?: (waitedMs: number) => void;
  /** PostgreSQL: connections this process keeps open at most. */
  poolSize?: number;
  /** PostgreSQL: how long to wait for a new connection before failing. */
  connectTimeoutMs?: number;
}

/** No transaction may run longer, however short the wait for a connection is set. */
const MIN_TRANSACTION_TIMEOUT_MS = 10_000;

/**
 * A transaction waits for a connection as long as a write waits for a lock, and may
 * then run for twice that, at least 10 s: sign-up hashes a password inside its
 * transaction, which takes a while on a loaded machine.
 */
export function transactionOptions(busyTimeoutMs: number): { maxWait: number; timeout: number } {
  return { maxWait: busyTimeoutMs, timeout: Math.max(2 * busyTimeoutMs, MIN_TRANSACTION_TIMEOUT_MS) };
}
