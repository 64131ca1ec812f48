import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { AppError, type AppErrorCode, type FieldErrors } from '../../shared/errors.ts';
import { databaseFailureOf } from './database-failure.ts';

/** tRPC's own codes, for errors tRPC raises itself (unknown procedure, oversized batch…). */
const codeFromTrpc: Partial<Record<TRPC_ERROR_CODE_KEY, AppErrorCode>> = {
  PARSE_ERROR: 'BAD_REQUEST',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  TIMEOUT: 'TIMEOUT',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE_CONTENT: 'VALIDATION_FAILED',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  SERVICE_UNAVAILABLE: 'UNAVAILABLE',
  CLIENT_CLOSED_REQUEST: 'BAD_REQUEST',
};

/**
 * Prisma's known request errors, by code (https://www.prisma.io/docs/orm/reference/error-reference).
 * Matched by shape rather than class: each generated client has its own class.
 */
const codeFromPrisma: Record<string, AppErrorCode> = {
  P2002: 'CONFLICT', // unique constraint
  P2003: 'CONFLICT', // foreign key constraint
  P2025: 'NOT_FOUND', // record required by the operation not found
  P2034: 'CONFLICT', // write conflict or deadlock: retry
  // The database cannot be used right now (errors/database-failure.ts reads the
  // driver's cause first; these codes are the fallback when it is absent).
  P1001: 'UNAVAILABLE', // database server unreachable
  P1003: 'UNAVAILABLE', // database does not exist: dropped under the running app
  P1017: 'UNAVAILABLE', // the server closed the connection
  // Operation timed out; on SQLite, SQLITE_BUSY: another process held the write lock
  // beyond the busy timeout. Retrying shortly usually succeeds.
  P1008: 'UNAVAILABLE',
  // Transaction API error: no transaction could start within maxWait (the one SQLite
  // connection stayed busy), or one outlived its timeout. Load, not a bad request.
  P2028: 'UNAVAILABLE',
};

interface Issue {
  path: readonly PropertyKey[] | readonly { key: PropertyKey }[] | undefined;
  message: string;
}

function issuesOf(error: unknown): Issue[] | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues as Issue[]) : undefined;
}

/** zod (and any Standard Schema) issues → `{ 'address.city': ['Required'] }`; the root is ''. */
export function fieldErrorsFromIssues(issues: Issue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = (issue.path ?? [])
      .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
      .join('.');
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** A database that is away, gone or out of room: the catalogue's answer to each. */
function fromDatabaseFailure(error: unknown): AppError | undefined {
  const failure = databaseFailureOf(error);
  if (failure === 'unreachable') return new AppError('UNAVAILABLE', { cause: error });
  if (failure === 'storage-full') return new AppError('STORAGE_FULL', { cause: error });
  return undefined;
}

function prismaCode(error: unknown): string | undefined {
  const candidate = error as { name?: unknown; code?: unknown } | null;
  return candidate?.name === 'PrismaClientKnownRequestError' && typeof candidate.code === 'string'
    ? candidate.code
    : undefined;
}

/**
 * The error edge: whatever escaped a procedure (or tRPC itself) becomes an
 * `AppError` from the closed catalogue. Unknown failures become `INTERNAL` and keep
 * the original as `cause` for the log.
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError) {
    const { cause, code } = error;
    if (cause instanceof AppError) return cause;
    const issues = issuesOf(cause);
    // Input that failed its schema; failed *output* validation stays internal.
    if (issues && code === 'BAD_REQUEST') {
      return new AppError('VALIDATION_FAILED', { fieldErrors: fieldErrorsFromIssues(issues), cause });
    }
    const database = fromDatabaseFailure(cause);
    if (database) return database;
    const prisma = prismaCode(cause);
    if (prisma) return fromPrisma(prisma, cause);
    const mapped = codeFromTrpc[code];
    // tRPC wraps what failed while reading the input (JSON.parse, a transformer) in a
    // BAD_REQUEST that repeats the library's message: the catalogue's words go instead.
    const wrapsLibraryError = cause !== undefined && !(cause instanceof TRPCError);
    if (mapped && code !== 'INTERNAL_SERVER_ERROR')
      return new AppError(mapped, { ...(wrapsLibraryError ? {} : { message: error.message }), cause: error });
    return new AppError('INTERNAL', { cause: cause ?? error });
  }
  const database = fromDatabaseFailure(error);
  if (database) return database;
  const prisma = prismaCode(error);
  if (prisma) return fromPrisma(prisma, error);
  const issues = issuesOf(error);
  if (issues) return new AppError('VALIDATION_FAILED', { fieldErrors: fieldErrorsFromIssues(issues), cause: error });
  return new AppError('INTERNAL', { cause: error });
}

function fromPrisma(prismaErrorCode: string, cause: unknown): AppError {
  const code = codeFromPrisma[prismaErrorCode] ?? 'INTERNAL';
  if (code !== 'CONFLICT') return new AppError(code, { cause });
  const fields = uniqueFields(cause);
  return new AppError('CONFLICT', {
    cause,
    ...(Array.isArray(fields) ? { details: { fields: fields.map(String) } } : {}),
  });
}

interface UniqueViolationMeta {
  target?: unknown;
  driverAdapterError?: { cause?: { table?: string; constraint?: { fields?: unknown; index?: string } } };
}

/**
 * The fields a unique violation names: in meta.target, or with driver adapters in
 * meta.driverAdapterError, where SQLite lists the fields and PostgreSQL names the
 * index, which Prisma calls `<Table>_<field>_<field>_key`.
 */
function uniqueFields(cause: unknown): unknown {
  const meta = (cause as { meta?: UniqueViolationMeta }).meta;
  const violation = meta?.driverAdapterError?.cause;
  const index = violation?.constraint?.index;
  const prefix = `${violation?.table ?? ''}_`;
  if (index && violation.table && index.startsWith(prefix) && index.endsWith('_key')) {
    return index.slice(prefix.length, -'_key'.length).split('_');
  }
  return meta?.target ?? violation?.constraint?.fields;
}
