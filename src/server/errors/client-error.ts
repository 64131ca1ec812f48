import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { AppError, errorCatalogue, type AppErrorCode } from '../../shared/errors.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { errorBody, isTrpcUrl } from './not-found-and-errors.ts';

/** Node's parser errors that have a catalogue code of their own; any other is a malformed request. */
const codeByParserError: Record<string, AppErrorCode> = {
  // requestTimeout or headersTimeout ran out (app.ts).
  ERR_HTTP_REQUEST_TIMEOUT: 'TIMEOUT',
  // The request line and headers exceed Node's --max-http-header-size (16 KB).
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
};

/** The refused request's target, when the bytes Node was parsing begin with its request line. */
function targetOf(error: ConnectionError): string {
  const raw: unknown = error.rawPacket;
  if (!Buffer.isBuffer(raw)) return '';
  return /^[A-Z]+ (\S+)/.exec(raw.subarray(0, 64).toString('latin1'))?.[1] ?? '';
}

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node's HTTP parser refused
 * before Fastify saw it (a head over 16 KB, a Content-Length that is not a number,
 * bytes that are not HTTP, a request that did not arrive in time). Fastify's default
 * answers these in a shape of its own; here they get the catalogue's, as every other
 * error: a code, the message a person reads, a request id in the body and the
 * X-Request-Id header, tRPC's envelope under /trpc. They are counted in
 * app_errors_total and logged with that id. No request object exists, so the id is
 * always a new one and no hook runs: the headers every JSON answer carries are
 * written here.
 */
export function clientErrorHandler(metrics: AppMetrics) {
  return function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
    // A reset connection has no one to answer (as Fastify's default).
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code = codeByParserError[error.code] ?? 'BAD_REQUEST';
    const requestId = randomUUID();
    metrics.errors.inc({ code });
    this.log.info({ reqId: requestId, code, parserError: error.code }, 'request refused by the HTTP parser');
    if (socket.writable) {
      const message = code === 'BAD_REQUEST' ? 'The request is not valid HTTP.' : undefined;
      const appError = new AppError(code, { ...(message ? { message } : {}), cause: error });
      const body = JSON.stringify(errorBody(appError, requestId, isTrpcUrl(targetOf(error))));
      const status = errorCatalogue[code].httpStatus;
      socket.write(
        [
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          `X-Request-Id: ${requestId}`,
          'Cache-Control: no-store',
          'X-Content-Type-Options: nosniff',
          "Content-Security-Policy: default-src 'none'",
          'Connection: close',
          '',
          body,
        ].join('\r\n'),
      );
    }
    socket.destroy(error);
  };
}
