/**
 * [8] The error catalogue: every error a client can receive, closed and stable.
 *
 * A code never changes meaning once released; clients render by it. Each entry
 * names the tRPC code and HTTP status it travels as, the message a person sees,
 * and whether the error's own message and details may be shown (never for errors
 * whose details could hold internals). docs/errors.md is generated from this table
 * (`npm run docs`) and a test keeps the two equal.
 *
 * The codes, messages and statuses live in error-codes.ts (what the client imports);
 * the descriptions below are for docs/errors.md and stay out of the client.
 *
 * The specification's errors come from spec/errors.ts (`npm run spec` writes their entries
 * and descriptions under generated/); see docs/spec.md.
 */
import { errorCodes, type AppErrorCode, type ErrorCodeDefinition } from './error-codes.ts';
import { specErrorDescriptions } from './generated/error-descriptions.ts';

export { appErrorCodes, errorCodes, isAppErrorCode, type AppErrorCode } from './error-codes.ts';

/** What each error means, in a line, for docs/errors.md. */
const errorDescriptions: Record<AppErrorCode, string> = {
  VALIDATION_FAILED: 'Input failed a validation rule; `fieldErrors` names each field.',
  BAD_REQUEST: 'Malformed JSON, a batch over the limit, or a request tRPC cannot read.',
  UNAUTHENTICATED: 'The call needs a signed-in user or a valid API key.',
  INVALID_CREDENTIALS: 'Sign-in failed; an unknown e-mail and a wrong password get the same answer.',
  EMAIL_NOT_VERIFIED: 'Sign-in before the address was verified.',
  INVALID_TOKEN: 'A verification or password-reset token is wrong, used or expired.',
  FORBIDDEN: 'Signed in, but the role lacks the permission the call declares.',
  API_KEY_NOT_ALLOWED: 'An API key called a procedure only a signed-in person may call (managing API keys).',
  ACCOUNT_DISABLED: 'Sign-in with the right password to an account an administrator disabled.',
  ORIGIN_NOT_ALLOWED:
    'A state change sent from a page whose Origin is neither the public URL nor in TRUSTED_ORIGINS (a cross-site request, or the app opened under another name); `details.publicUrl` is the address to open.',
  SETUP_TOKEN_INVALID:
    'The first-run setup link (/setup?token=…) does not match the one this server printed at start (docs/decisions/0019-first-run.md).',
  SETUP_NOT_AVAILABLE:
    'The first-run setup was asked for after an administrator exists; the setup link never works then.',
  NOT_FOUND: 'No such record, procedure or path.',
  METHOD_NOT_ALLOWED: 'A query sent as POST or a mutation as GET.',
  TIMEOUT: 'The request did not arrive in time.',
  CONFLICT: 'A unique value is taken, or the record changed meanwhile.',
  STALE_VERSION:
    'An update or archive named a version older than the stored one: someone changed the record since the caller read it (`details.currentVersion`).',
  IDEMPOTENCY_KEY_IN_USE:
    'A mutation repeated with the `Idempotency-Key` of a call that is still running, and still running after `IDEMPOTENCY_WAIT_MS`; retry later with the same key.',
  IDEMPOTENCY_KEY_REUSED:
    'An `Idempotency-Key` sent again with another procedure or input than its first use (the stored answer belongs to that one); send a new key.',
  TOO_MANY_STREAMS:
    'A live-update stream beyond `LIVE_STREAMS_PER_SESSION` for one session or key, or `LIVE_MAX_STREAMS` for the instance; close one or try another instance.',
  INVALID_TRANSITION: 'A state machine refused the event (src/shared/states.ts).',
  PAYLOAD_TOO_LARGE: 'The body is over the configured limit.',
  UNSUPPORTED_MEDIA_TYPE: 'Only application/json bodies are accepted.',
  RATE_LIMITED: 'A rate limit was reached; `Retry-After` says when to retry.',
  HEADERS_TOO_LARGE: "The URL and headers (cookies included) exceed Node's 16 KB limit.",
  INTERNAL: 'Anything unexpected; logged with its cause, shown without detail.',
  NOT_IMPLEMENTED: 'A placeholder operation: its contract exists, its specification does not yet.',
  UNAVAILABLE: 'A dependency (the database) does not answer, or the server cannot be reached.',
  STORAGE_FULL: 'A write found the disk full; `/readyz` says `storage full` meanwhile.',
  ...specErrorDescriptions,
};

export interface ErrorDefinition extends ErrorCodeDefinition {
  description: string;
}

/** The whole catalogue: each code's definition with its description. */
export const errorCatalogue = Object.fromEntries(
  Object.entries(errorCodes).map(([code, definition]) => [
    code,
    { ...definition, description: errorDescriptions[code as AppErrorCode] },
  ]),
) as { [Code in AppErrorCode]: (typeof errorCodes)[Code] & { description: string } };

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
