/**
 * What a failed database call says about the database itself, read from the driver's
 * own error under Prisma's wrapper (meta.driverAdapterError.cause, which keeps the
 * adapter's `kind` and the driver's code): `unreachable` when it is away, gone or
 * refusing connections for now, `storage-full` when it has no room for a write.
 * Anything else is undefined: a fault of the query, not of the database.
 */
export type DatabaseFailure = 'unreachable' | 'storage-full';

/** Driver adapter kinds (@prisma/driver-adapter-utils) that mean the database cannot be used right now. */
const UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable', // P1001: refused, unknown host
  'DatabaseDoesNotExist', // P1003: dropped under the running app (PostgreSQL 3D000)
  'ConnectionClosed', // P1017: the server closed the connection
  'SocketTimeout', // P1008; on SQLite, SQLITE_BUSY past the busy timeout
  'TooManyConnections', // PostgreSQL 53300
]);

/**
 * PostgreSQL SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html)
 * the adapter passes through as kind `postgres`: the server is shutting down, starting
 * up, in recovery, or short of resources. Class 08 (connection exceptions) is matched
 * as a class.
 */
const UNREACHABLE_STATES = new Set([
  '3D000', // invalid_catalog_name: the database does not exist
  '53000', // insufficient_resources
  '53200', // out_of_memory
  '53300', // too_many_connections
  '57P01', // admin_shutdown: terminated by DROP DATABASE ... WITH (FORCE), pg_terminate_backend, a shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
]);
/** disk_full: a relation or the WAL could not grow. */
const STORAGE_FULL_STATES = new Set(['53100']);
/** better-sqlite3's code for SQLITE_FULL ("database or disk is full": the disk, or max_page_count). */
const SQLITE_FULL = 'SQLITE_FULL';

interface DriverCause {
  kind?: unknown;
  /** The driver's own code: a SQLSTATE on PostgreSQL, `SQLITE_…` on SQLite. */
  originalCode?: unknown;
  /** A SQLSTATE, for kind `postgres`. */
  code?: unknown;
}

/** The driver adapter's error under a Prisma error, or a pg error as it is (a SQLSTATE and a severity). */
function driverCauseOf(error: unknown): DriverCause | undefined {
  const candidate = error as {
    meta?: { driverAdapterError?: { cause?: DriverCause } };
    code?: unknown;
    severity?: unknown;
  } | null;
  const adapterCause = candidate?.meta?.driverAdapterError?.cause;
  if (adapterCause) return adapterCause;
  if (typeof candidate?.code === 'string' && typeof candidate.severity === 'string') {
    return { kind: 'postgres', code: candidate.code, originalCode: candidate.code };
  }
  return undefined;
}

function failureOfDriver(cause: DriverCause): DatabaseFailure | undefined {
  if (typeof cause.kind === 'string' && UNREACHABLE_KINDS.has(cause.kind)) return 'unreachable';
  const code = typeof cause.code === 'string' ? cause.code : cause.originalCode;
  if (typeof code !== 'string') return undefined;
  if (STORAGE_FULL_STATES.has(code) || code === SQLITE_FULL) return 'storage-full';
  if (cause.kind === 'postgres' && (UNREACHABLE_STATES.has(code) || code.startsWith('08'))) return 'unreachable';
  return undefined;
}

/**
 * pg's pool failing to connect, or losing the connection mid-query, reaches Prisma as
 * a plain error that carries only Prisma's `clientVersion` and pg's message.
 */
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|ECONNREFUSED|ECONNRESET/;

/** How deep the cause chain is read: wrappers add a level or two (an e-mail that could not be queued). */
const MAX_CAUSE_DEPTH = 5;

/**
 * The database failure `error` reports, or undefined when it is not one (see the file
 * comment). Read along the cause chain: code that wraps a failed write with what it
 * was doing ("the e-mail could not be queued") keeps the database's failure.
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current; depth += 1) {
    const failure = ownFailureOf(current);
    if (failure) return failure;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function ownFailureOf(error: unknown): DatabaseFailure | undefined {
  const cause = driverCauseOf(error);
  const failure = cause && failureOfDriver(cause);
  if (failure) return failure;
  const candidate = error as { clientVersion?: unknown; message?: unknown } | null;
  const fromPrisma = typeof candidate?.clientVersion === 'string' && typeof candidate.message === 'string';
  return fromPrisma && UNREACHABLE_MESSAGE.test(String(candidate.message)) ? 'unreachable' : undefined;
}
