import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/** What the access line needs of a pino logger: its destination, and its bindings as pino wrote them. */
interface PinoInternals {
  [pino.symbols.streamSym]: { write(line: string): void };
  [pino.symbols.chindingsSym]: string;
  isLevelEnabled(level: pino.Level): boolean;
}

/**
 * The access line, as pino writes `log.info({ method, url, statusCode, responseTime },
 * 'request completed')` with the app's options (numeric level, epoch time, the
 * logger's bindings, no formatters): the test beside this file holds the two equal.
 * None of its fields is one the app redacts.
 */
export function accessLine(log: FastifyBaseLogger, method: string, url: string, statusCode: number, ms: number) {
  const { [pino.symbols.chindingsSym]: bindings } = log as unknown as PinoInternals;
  return `{"level":30,"time":${Date.now()}${bindings},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)},"statusCode":${statusCode},"responseTime":${ms},"msg":"request completed"}\n`;
}

/**
 * One access-log line per request, written by Fastify's own request-lifecycle logging
 * rather than by hooks: Fastify logs `incoming request` and `request completed` on
 * every request, each serialized by pino and written out, and logging is paid on every
 * request (docs/decisions/0017-performance.md). The arrival goes to debug (the shutdown
 * tests read it there); the completion carries method, URL, status and time.
 *
 * The completion line is built as a string and handed to pino's destination: its
 * fields are known and never secret, and pino's general path (serializing an object,
 * running the redaction paths with their wildcards over it) was 7–9% of a no-database
 * call's CPU in its profile (docs/decisions/0017-performance.md).
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // Serialized only when debug is on: pino checks the level before reading the object.
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // An error here is the response's own (the socket failed while writing it): the
    // answer's errors are logged by the error edge.
    if (error) {
      const { method, url } = request;
      reply.log.error(
        { method, url, statusCode: reply.statusCode, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
      return;
    }
    const log = reply.log as unknown as PinoInternals;
    if (!log.isLevelEnabled('info')) return;
    log[pino.symbols.streamSym].write(
      accessLine(reply.log, request.method, request.url, reply.statusCode, reply.elapsedTime),
    );
  }
}
