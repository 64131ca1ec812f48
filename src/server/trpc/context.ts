import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { BuildInfo } from '../build-info.ts';

/** What the server holds for its whole life; procedures reach it through the context. */
export interface AppServices {
  config: Config;
  db: Database;
  buildInfo: BuildInfo;
  startedAt: Date;
}

/**
 * The part of the context that needs no HTTP request: tests and scripts build it
 * directly and call procedures through `createCaller`.
 */
export interface InnerContext extends AppServices {
  requestId: string;
  log: FastifyBaseLogger;
}

export interface Context extends InnerContext {
  req?: FastifyRequest;
  res?: FastifyReply;
}

export function createInnerContext(services: AppServices, requestId: string, log: FastifyBaseLogger): InnerContext {
  return { ...services, requestId, log };
}

/** The per-request context the HTTP adapter builds. */
export function createContextFactory(services: AppServices) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => ({
    ...createInnerContext(services, req.id, req.log),
    req,
    res,
  });
}
