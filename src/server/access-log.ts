import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

const INFO = pino.levels.values.info ?? 30;

/**
 * One access-log line per request, written by Fastify's own request-lifecycle logging
 * rather than by hooks: Fastify logs `incoming request` and `request completed` on
 * every request, each serialized by pino and written out, and logging is paid on every
 * request (docs/decisions/0017-performance.md). The arrival goes to debug (the shutdown
 * tests read it there); the completion carries method, URL, status and time.
 *
 * The completion line goes through a child of the server's logger made without the
 * app's redaction paths (pino's documented `redact: []`): with their wildcards, pino
 * runs a redaction check over every field of every line, about 5 µs of a no-database
 * call's CPU (docs/performance.md). None of the line's fields can hold a secret the
 * paths name: they are the method, the URL, the status and the time.
 */
export class AccessLog extends LogController {
  /** Per server logger (the root, or a plugin's with its own level), its unredacted child. */
  readonly #unredacted = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest(request: FastifyRequest): void {
    // Serialized only when debug is on: pino checks the level before reading the object.
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const { method, url } = request;
    // An error here is the response's own (the socket failed while writing it): the
    // answer's errors are logged by the error edge.
    if (error) {
      reply.log.error(
        { method, url, statusCode: reply.statusCode, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
      return;
    }
    // The request's own logger decides (a route may set its own level).
    if ((pino.levels.values[reply.log.level] ?? Infinity) > INFO) return;
    // The request id as Fastify binds it to the request's logger, so the line is the one it would write.
    this.#lineLogger(request.server.log).info(
      {
        [this.requestIdLogLabel]: request.id,
        method,
        url,
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  }

  #lineLogger(serverLog: FastifyBaseLogger): FastifyBaseLogger {
    let log = this.#unredacted.get(serverLog);
    if (!log) {
      // At info whatever the server's level: the request's logger has already said yes.
      log = serverLog.child({}, { redact: [], level: 'info' });
      this.#unredacted.set(serverLog, log);
    }
    return log;
  }
}
