/**
 * [8] The error catalogue: every error a client can receive, closed and stable.
 *
 * A code never changes meaning once released; clients render by it. Each entry
 * names the tRPC code and HTTP status it travels as, the message a person sees,
 * and whether the error's own message and details may be shown (never for errors
 * whose details could hold internals). docs/errors.md is generated from this table
 * (`npm run docs:errors`) and a test keeps the two equal.
 *
 * Add the specification's errors here, each with a new code; see docs/spec.md.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: {
    trpcCode: 'BAD_REQUEST',
    httpStatus: 400,
    message: 'Some fields need attention.',
    showDetails: true,
    description: 'Input failed a validation rule; `fieldErrors` names each field.',
  },
  BAD_REQUEST: {
    trpcCode: 'BAD_REQUEST',
    httpStatus: 400,
    message: 'The request could not be understood.',
    showDetails: true,
    description: 'Malformed JSON, a batch over the limit, or a request tRPC cannot read.',
  },
  UNAUTHENTICATED: {
    trpcCode: 'UNAUTHORIZED',
    httpStatus: 401,
    message: 'You are signed out. Sign in to continue.',
    showDetails: false,
    description: 'The call needs a signed-in user or a valid API key.',
  },
  INVALID_CREDENTIALS: {
    trpcCode: 'UNAUTHORIZED',
    httpStatus: 401,
    message: 'The e-mail or the password is wrong.',
    showDetails: false,
    description: 'Sign-in failed; an unknown e-mail and a wrong password get the same answer.',
  },
  EMAIL_NOT_VERIFIED: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: 'Confirm your e-mail address first: follow the link we sent you.',
    showDetails: false,
    description: 'Sign-in before the address was verified.',
  },
  INVALID_TOKEN: {
    trpcCode: 'BAD_REQUEST',
    httpStatus: 400,
    message: 'This link is invalid or has expired. Ask for a new one.',
    showDetails: false,
    description: 'A verification or password-reset token is wrong, used or expired.',
  },
  FORBIDDEN: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: 'You do not have permission to do this.',
    showDetails: false,
    description: 'Signed in, but the role lacks the permission the call declares.',
  },
  API_KEY_NOT_ALLOWED: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: 'API keys cannot manage API keys. Sign in to do this.',
    showDetails: false,
    description: 'An API key called a procedure only a signed-in person may call (managing API keys).',
  },
  ACCOUNT_DISABLED: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: 'This account is disabled. Contact an administrator.',
    showDetails: false,
    description: 'Sign-in with the right password to an account an administrator disabled.',
  },
  ORIGIN_NOT_ALLOWED: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: "This page's address is not this server's public address. Open the app at its public address instead.",
    showDetails: true,
    description:
      'A state change sent from a page whose Origin is neither the public URL nor in TRUSTED_ORIGINS (a cross-site request, or the app opened under another name); `details.publicUrl` is the address to open.',
  },
  SETUP_TOKEN_INVALID: {
    trpcCode: 'BAD_REQUEST',
    httpStatus: 400,
    message: 'This setup link is not valid. Open the link the server printed when it last started.',
    showDetails: false,
    description:
      'The first-run setup link (/setup?token=…) does not match the one this server printed at start (docs/decisions/0019-first-run.md).',
  },
  SETUP_NOT_AVAILABLE: {
    trpcCode: 'CONFLICT',
    httpStatus: 409,
    message: 'Setup is finished: an administrator exists already. Sign in instead.',
    showDetails: false,
    description: 'The first-run setup was asked for after an administrator exists; the setup link never works then.',
  },
  NOT_FOUND: {
    trpcCode: 'NOT_FOUND',
    httpStatus: 404,
    message: 'That could not be found.',
    showDetails: true,
    description: 'No such record, procedure or path.',
  },
  METHOD_NOT_ALLOWED: {
    trpcCode: 'METHOD_NOT_SUPPORTED',
    httpStatus: 405,
    message: 'This operation cannot be called that way.',
    showDetails: true,
    description: 'A query sent as POST or a mutation as GET.',
  },
  TIMEOUT: {
    trpcCode: 'TIMEOUT',
    httpStatus: 408,
    message: 'The request took too long. Try again.',
    showDetails: false,
    description: 'The request did not arrive in time.',
  },
  CONFLICT: {
    trpcCode: 'CONFLICT',
    httpStatus: 409,
    message: 'This conflicts with something that already exists.',
    showDetails: true,
    description: 'A unique value is taken, or the record changed meanwhile.',
  },
  INVALID_TRANSITION: {
    trpcCode: 'CONFLICT',
    httpStatus: 409,
    message: 'That action is not possible in the current state.',
    showDetails: true,
    description: 'A state machine refused the event (src/shared/states.ts).',
  },
  PAYLOAD_TOO_LARGE: {
    trpcCode: 'PAYLOAD_TOO_LARGE',
    httpStatus: 413,
    message: 'What you sent is too large.',
    showDetails: false,
    description: 'The body is over the configured limit.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    trpcCode: 'UNSUPPORTED_MEDIA_TYPE',
    httpStatus: 415,
    message: 'This content type is not accepted.',
    showDetails: false,
    description: 'Only application/json bodies are accepted.',
  },
  RATE_LIMITED: {
    trpcCode: 'TOO_MANY_REQUESTS',
    httpStatus: 429,
    message: 'Too many attempts. Wait a moment and try again.',
    showDetails: false,
    description: 'A rate limit was reached; `Retry-After` says when to retry.',
  },
  HEADERS_TOO_LARGE: {
    trpcCode: 'PAYLOAD_TOO_LARGE',
    httpStatus: 431,
    message: 'The address or the headers of this request are too long.',
    showDetails: false,
    description: "The URL and headers (cookies included) exceed Node's 16 KB limit.",
  },
  INTERNAL: {
    trpcCode: 'INTERNAL_SERVER_ERROR',
    httpStatus: 500,
    message: 'Something went wrong on our side. Try again; if it keeps happening, quote the request id.',
    showDetails: false,
    description: 'Anything unexpected; logged with its cause, shown without detail.',
  },
  NOT_IMPLEMENTED: {
    trpcCode: 'NOT_IMPLEMENTED',
    httpStatus: 501,
    message: 'This operation is not available yet.',
    showDetails: true,
    description: 'A placeholder operation: its contract exists, its specification does not yet.',
  },
  UNAVAILABLE: {
    trpcCode: 'SERVICE_UNAVAILABLE',
    httpStatus: 503,
    message: 'The service is unavailable right now. Try again shortly.',
    showDetails: false,
    description: 'A dependency (the database) does not answer, or the server cannot be reached.',
  },
  STORAGE_FULL: {
    trpcCode: 'SERVICE_UNAVAILABLE',
    httpStatus: 503,
    message: 'The server is out of storage space. Try again later; the operators have been alerted.',
    showDetails: false,
    description: 'A write found the disk full; `/readyz` says `storage full` meanwhile.',
  },
} as const satisfies Record<string, ErrorDefinition>;

export interface ErrorDefinition {
  trpcCode: TrpcCode;
  httpStatus: number;
  message: string;
  showDetails: boolean;
  description: string;
}

/** tRPC's error codes that the catalogue travels as (a subset of tRPC's own). */
type TrpcCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_SUPPORTED'
  | 'TIMEOUT'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'NOT_IMPLEMENTED'
  | 'SERVICE_UNAVAILABLE';

export type AppErrorCode = keyof typeof errorCatalogue;

export const appErrorCodes = Object.keys(errorCatalogue) as AppErrorCode[];

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** Field path (`address.city`, `items.0.name`) → messages, for forms to show beside each field. */
export type FieldErrors = Record<string, string[]>;

/**
 * What every client receives in `error.data` besides tRPC's own fields: the
 * catalogue code, the request id to quote, and field errors where they apply.
 */
export interface AppErrorData {
  appCode: AppErrorCode;
  requestId: string | null;
  fieldErrors: FieldErrors | null;
  details: Record<string, unknown> | null;
}

export interface AppErrorOptions {
  /** A more specific user-facing message; shown only where the catalogue shows details. */
  message?: string;
  /** Structured facts for the client (an operation's name, a conflicting field); same rule. */
  details?: Record<string, unknown>;
  fieldErrors?: FieldErrors;
  /** The underlying error, for the log; never sent to a client. */
  cause?: unknown;
}

/**
 * The one error domain code throws: `throw new AppError('CONFLICT', { details, cause })`.
 * The error edge turns it, and anything else that escapes a procedure, into the
 * catalogue's shape.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: Record<string, unknown> | undefined;
  readonly fieldErrors: FieldErrors | undefined;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.fieldErrors = options.fieldErrors;
  }
}
