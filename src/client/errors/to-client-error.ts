import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../server/router.ts';
// The codes and messages only: errors.ts adds the docs' long descriptions, which stay out of the client.
import { errorCodes, isAppErrorCode, type AppErrorCode } from '../../shared/error-codes.ts';
import type { AppErrorData } from '../../shared/errors.ts';
import { parseRetryAfter, rateLimitedMessage } from './retry-after.ts';
import { isServerFault } from './server-fault.ts';

/** Every failure as the screens see it: one catalogue code, what to say, and what to quote to support. */
export interface ClientError {
  code: AppErrorCode;
  message: string;
  /**
   * The server's `x-request-id`, to quote to support: set only for the server's own
   * faults (`isServerFault`), null for routine answers and calls that never reached it.
   */
  requestId: string | null;
  /** Field path (`name`, `items.0.name`; '' for the whole input) → messages. */
  fieldErrors: Record<string, string[]>;
  details: Record<string, unknown> | null;
}

/** The catalogue's shape in `error.data`, read field by field: a proxy or an older server may send less. */
type WireData = Partial<Record<keyof AppErrorData, unknown>>;

/**
 * Turns whatever a call threw into a ClientError. A tRPC error carries the
 * catalogue's code in `data` (src/server/errors/format-error.ts); an error without
 * `data` never got an answer from our server (fetch failed, a proxy's HTML page),
 * so it is UNAVAILABLE; anything else is INTERNAL with the catalogue's wording.
 */
export function toClientError(error: unknown): ClientError {
  if (!(error instanceof TRPCClientError)) return fromCatalogue('INTERNAL', null);
  const data: WireData | null | undefined = (error as TRPCClientError<AppRouter>).data;
  if (!data) return fromCatalogue('UNAVAILABLE', null);
  const requestId = typeof data.requestId === 'string' ? data.requestId : null;
  // Without a catalogue code the message is not one the server chose to show.
  if (!isAppErrorCode(data.appCode)) return fromCatalogue('INTERNAL', requestId);
  const code = data.appCode;
  const details = isRecord(data.details) ? data.details : null;
  const retryAfterSeconds = code === 'RATE_LIMITED' ? retryAfterOf(error) : null;
  if (retryAfterSeconds !== null) {
    return {
      code,
      message: rateLimitedMessage(retryAfterSeconds),
      requestId: null,
      fieldErrors: {},
      details: { ...details, retryAfterSeconds },
    };
  }
  return {
    code,
    message: error.message || errorCodes[code].message,
    requestId: isServerFault(code) ? requestId : null,
    fieldErrors: readFieldErrors(data.fieldErrors),
    details,
  };
}

/**
 * The wait of a 429: the answer's `Retry-After` header, which tRPC's HTTP links keep
 * in the error's `meta.response` (the server sets it for the global and the per-call limits).
 */
function retryAfterOf(error: { meta?: unknown }): number | null {
  const response: unknown = (error.meta as { response?: unknown } | undefined)?.response;
  if (!(response instanceof Response)) return null;
  return parseRetryAfter(response.headers.get('retry-after'));
}

function fromCatalogue(code: AppErrorCode, requestId: string | null): ClientError {
  return {
    code,
    message: errorCodes[code].message,
    requestId: isServerFault(code) ? requestId : null,
    fieldErrors: {},
    details: null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const fields: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(value)) {
    if (!Array.isArray(messages)) continue;
    const texts = messages.filter((message): message is string => typeof message === 'string');
    if (texts.length > 0) fields[path] = texts;
  }
  return fields;
}
