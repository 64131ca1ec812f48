import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorCatalogue, type AppErrorCode } from '../../shared/errors.ts';
import { TRPC_PATH } from '../../shared/transport.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import { trpcErrorBody } from './http-error-body.ts';
import { METRICS_PATH } from '../plugins/metrics.ts';

/** Paths the HTML shell never answers: an API miss must look like an API miss. */
const NON_PAGE_PREFIXES = [TRPC_PATH, '/assets', '/api', '/healthz', '/readyz', METRICS_PATH];

/** `..`, a backslash, a NUL or an empty segment, raw or percent-encoded: a probe, never a page. */
const PROBING_PATH = /(?:^|\/)(?:\.|%2e){2}(?:\/|%2f|\\|%5c|$)|\\|%5c|%00|\/\//i;

function isPageNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.url.split('?')[0] ?? '/';
  // No client route looks like this; answering with the shell would look like a file was found.
  if (PROBING_PATH.test(path)) return false;
  if (NON_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  // A request for a file (favicon.png) gets a 404; a deep link (/status) the shell.
  return !lastSegment.includes('.') || (req.headers.accept ?? '').includes('text/html');
}

/** Whether a request target is under /trpc, whose errors travel in tRPC's envelope. */
export function isTrpcUrl(url: string): boolean {
  return url === TRPC_PATH || url.startsWith(`${TRPC_PATH}/`) || url.startsWith(`${TRPC_PATH}?`);
}

const codeByStatus: Record<number, AppErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/**
 * One error, two wire shapes: tRPC's envelope under /trpc (so the typed client reads
 * it), `{ error: { code, message, requestId } }` elsewhere. Both carry the catalogue
 * code and show the error's own message only where the catalogue allows. Counted in
 * app_errors_total, as the tRPC edge counts the errors it answers.
 */
function sendError(req: FastifyRequest, reply: FastifyReply, metrics: AppMetrics, statusCode: number, message: string) {
  const code = codeByStatus[statusCode] ?? (statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  return sendAppError(req, reply, metrics, new AppError(code, { message }));
}

function sendAppError(req: FastifyRequest, reply: FastifyReply, metrics: AppMetrics, error: AppError) {
  metrics.errors.inc({ code: error.code });
  void reply.code(errorCatalogue[error.code].httpStatus).header('cache-control', 'no-store');
  return reply.send(errorBody(error, req.id, isTrpcUrl(req.url)));
}

/**
 * The body of an error answered outside tRPC: tRPC's envelope for a call under
 * /trpc (so the typed client reads it), `{ error: { code, message, requestId } }`
 * elsewhere; the error's own message only where the catalogue shows details.
 */
export function errorBody(error: AppError, requestId: string, underTrpc: boolean): unknown {
  if (underTrpc) return trpcErrorBody(error, requestId);
  const entry = errorCatalogue[error.code];
  return { error: { code: error.code, message: entry.showDetails ? error.message : entry.message, requestId } };
}

/**
 * Errors Fastify's router raises before any hook runs (a malformed percent-encoding,
 * a path parameter over the length limit, such as a batch of a thousand calls): the
 * same catalogue body as every other error. No hook ran, so the headers every JSON
 * answer needs are set here.
 */
export function sendFrameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply, metrics: AppMetrics) {
  req.log.info({ code: error.code }, error.message);
  void reply
    .header('x-request-id', req.id)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'");
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'The request names too many procedures or too long a path.'
      : 'The request URL is malformed.';
  return sendError(req, reply, metrics, 400, message);
}

/**
 * The edge for everything tRPC does not answer itself: unknown paths (the SPA
 * fallback for page navigations, JSON 404 otherwise) and errors Fastify raises
 * (body too large, unsupported content type, malformed URL). Clients get a JSON
 * body without a stack; server errors are logged with their cause.
 */
export const notFoundAndErrorsPlugin = fp<{ metrics: AppMetrics }>(
  async (app, { metrics }) => {
    if (!app.hasDecorator('sendAppShell')) app.decorate('sendAppShell', null);

    app.setNotFoundHandler(async (req, reply) => {
      if (app.sendAppShell && isPageNavigation(req)) return app.sendAppShell(reply, req.url);
      return sendError(req, reply, metrics, 404, `Nothing is served at ${req.method} ${req.url.split('?')[0] ?? ''}.`);
    });

    app.setErrorHandler(async (error: FastifyError | AppError, req, reply) => {
      // Raised by the app's own hooks and parsers before tRPC (a body's number too large, the
      // cross-site check): sent as it is, its reason (the cause, when there is one) logged.
      if (error instanceof AppError) {
        const reason = error.cause instanceof Error ? error.cause.message : error.message;
        req.log.info({ code: error.code, fieldErrors: error.fieldErrors }, reason);
        return sendAppError(req, reply, metrics, error);
      }
      const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (statusCode >= 500) {
        req.log.error({ err: error }, 'request failed');
        return sendError(req, reply, metrics, statusCode, errorCatalogue.INTERNAL.message);
      }
      req.log.info({ code: error.code, statusCode }, error.message);
      return sendError(req, reply, metrics, statusCode, error.message);
    });
  },
  { name: 'not-found-and-errors' },
);
