/**
 * The error catalogue's codes and what a person sees for each: the part the client needs.
 * The long descriptions, for docs/errors.md only, live in errors.ts, so they stay out
 * of the first chunk (docs/decisions/0027-initial-js-budget.md).
 * Server code and docs import the whole catalogue from errors.ts.
 */
import { specErrorCodes } from './generated/error-codes.ts';

export const foundationErrorCodes = {
  VALIDATION_FAILED: {
    trpcCode: 'BAD_REQUEST',
    httpStatus: 400,
    message: 'Some fields need attention.',
    showDetails: true,
  },
  BAD_REQUEST: {
    trpcCode: 'BAD_REQUEST',
    httpStatus: 400,
    message: 'The request could not be understood.',
    showDetails: true,
  },
  UNAUTHENTICATED: {
    trpcCode: 'UNAUTHORIZED',
    httpStatus: 401,
    message: 'You are signed out. Sign in to continue.',
    showDetails: false,
  },
  INVALID_CREDENTIALS: {
    trpcCode: 'UNAUTHORIZED',
    httpStatus: 401,
    message: 'The e-mail or the password is wrong.',
    showDetails: false,
  },
  EMAIL_NOT_VERIFIED: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: 'Confirm your e-mail address first: follow the link we sent you.',
    showDetails: false,
  },
  INVALID_TOKEN: {
    trpcCode: 'BAD_REQUEST',
    httpStatus: 400,
    message: 'This link is invalid or has expired. Ask for a new one.',
    showDetails: false,
  },
  FORBIDDEN: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: 'You do not have permission to do this.',
    showDetails: false,
  },
  API_KEY_NOT_ALLOWED: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: 'API keys cannot manage API keys. Sign in to do this.',
    showDetails: false,
  },
  ACCOUNT_DISABLED: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: 'This account is disabled. Contact an administrator.',
    showDetails: false,
  },
  ORIGIN_NOT_ALLOWED: {
    trpcCode: 'FORBIDDEN',
    httpStatus: 403,
    message: "This page's address is not this server's public address. Open the app at its public address instead.",
    showDetails: true,
  },
  SETUP_TOKEN_INVALID: {
    trpcCode: 'BAD_REQUEST',
    httpStatus: 400,
    message: 'This setup link is not valid. Open the link the server printed when it last started.',
    showDetails: false,
  },
  SETUP_NOT_AVAILABLE: {
    trpcCode: 'CONFLICT',
    httpStatus: 409,
    message: 'Setup is finished: an administrator exists already. Sign in instead.',
    showDetails: false,
  },
  NOT_FOUND: {
    trpcCode: 'NOT_FOUND',
    httpStatus: 404,
    message: 'That could not be found.',
    showDetails: true,
  },
  METHOD_NOT_ALLOWED: {
    trpcCode: 'METHOD_NOT_SUPPORTED',
    httpStatus: 405,
    message: 'This operation cannot be called that way.',
    showDetails: true,
  },
  TIMEOUT: {
    trpcCode: 'TIMEOUT',
    httpStatus: 408,
    message: 'The request took too long. Try again.',
    showDetails: false,
  },
  CONFLICT: {
    trpcCode: 'CONFLICT',
    httpStatus: 409,
    message: 'This conflicts with something that already exists.',
    showDetails: true,
  },
  STALE_VERSION: {
    trpcCode: 'CONFLICT',
    httpStatus: 409,
    message: 'Someone else changed this since you opened it. Reload it and try again.',
    showDetails: true,
  },
  IDEMPOTENCY_KEY_IN_USE: {
    trpcCode: 'CONFLICT',
    httpStatus: 409,
    message: 'The same request is still being processed. Try again in a moment.',
    showDetails: false,
  },
  IDEMPOTENCY_KEY_REUSED: {
    trpcCode: 'UNPROCESSABLE_CONTENT',
    httpStatus: 422,
    message: 'This idempotency key was already used for a different request. Send a new key.',
    showDetails: false,
  },
  TOO_MANY_STREAMS: {
    trpcCode: 'TOO_MANY_REQUESTS',
    httpStatus: 429,
    message: 'Too many live views are open. Close a tab and try again.',
    showDetails: false,
  },
  INVALID_TRANSITION: {
    trpcCode: 'CONFLICT',
    httpStatus: 409,
    message: 'That action is not possible in the current state.',
    showDetails: true,
  },
  PAYLOAD_TOO_LARGE: {
    trpcCode: 'PAYLOAD_TOO_LARGE',
    httpStatus: 413,
    message: 'What you sent is too large.',
    showDetails: false,
  },
  UNSUPPORTED_MEDIA_TYPE: {
    trpcCode: 'UNSUPPORTED_MEDIA_TYPE',
    httpStatus: 415,
    message: 'This content type is not accepted.',
    showDetails: false,
  },
  RATE_LIMITED: {
    trpcCode: 'TOO_MANY_REQUESTS',
    httpStatus: 429,
    message: 'Too many attempts. Wait a moment and try again.',
    showDetails: false,
  },
  HEADERS_TOO_LARGE: {
    trpcCode: 'PAYLOAD_TOO_LARGE',
    httpStatus: 431,
    message: 'The address or the headers of this request are too long.',
    showDetails: false,
  },
  INTERNAL: {
    trpcCode: 'INTERNAL_SERVER_ERROR',
    httpStatus: 500,
    message: 'Something went wrong on our side. Try again; if it keeps happening, quote the request id.',
    showDetails: false,
  },
  NOT_IMPLEMENTED: {
    trpcCode: 'NOT_IMPLEMENTED',
    httpStatus: 501,
    message: 'This operation is not available yet.',
    showDetails: true,
  },
  UNAVAILABLE: {
    trpcCode: 'SERVICE_UNAVAILABLE',
    httpStatus: 503,
    message: 'The service is unavailable right now. Try again shortly.',
    showDetails: false,
  },
  STORAGE_FULL: {
    trpcCode: 'SERVICE_UNAVAILABLE',
    httpStatus: 503,
    message: 'The server is out of storage space. Try again later; the operators have been alerted.',
    showDetails: false,
  },
} as const satisfies Record<string, ErrorCodeDefinition>;

/**
 * The whole catalogue: the foundation's codes, then the specification's (spec/errors.ts,
 * compiled by `npm run spec`; the compiler refuses a spec code that clashes with one here).
 */
export const errorCodes = { ...foundationErrorCodes, ...specErrorCodes } as const;

export interface ErrorCodeDefinition {
  trpcCode: TrpcCode;
  httpStatus: number;
  message: string;
  showDetails: boolean;
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
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'NOT_IMPLEMENTED'
  | 'SERVICE_UNAVAILABLE';

export type AppErrorCode = keyof typeof errorCodes;

export const appErrorCodes = Object.keys(errorCodes) as AppErrorCode[];

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}
