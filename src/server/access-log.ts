import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One access-log line per request, written by Fastify's own request-lifecycle logging
 * rather than by hooks: Fastify logs `incoming request` and `request completed` on
 * every request, each serialized by pino and written out, and logging is paid on every
 * request (docs/decisions/0017-performance.md). The arrival goes to debug (the shutdown
 * tests read it there); the completion carries method, URL, status and time.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // Serialized only when debug is on: pino checks the level before reading the object.
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    // An error here is the response's own (the socket failed while writing it): the
    // answer's errors are logged by the error edge.
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
