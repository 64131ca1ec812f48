import type { ServerResponse } from 'node:http';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../features/auth/create-auth.ts';
import type { BackgroundWork } from '../background-work.ts';
import { CLIENT_IP_HEADER } from '../features/auth/create-auth.ts';
import { readCredentials, type Credentials } from '../features/auth/viewer.ts';
import type { BuildInfo } from '../build-info.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { EmailPort } from '../email/email-port.ts';
import type { JobCatalog } from '../jobs/define-job.ts';
import type { AppMetrics } from '../metrics/app-metrics.ts';
import type { ProcedureRateLimit } from '../rate-limit/rate-limit.ts';
import type { SetupToken } from '../features/setup/setup-token.ts';
import type { LiveStreams } from '../live/live-streams.ts';
import { clientIp } from '../client-ip.ts';
import { idempotencyKeyOf } from '../idempotency/idempotency-key-header.ts';

/** What the server holds for its whole life; procedures reach it through the context. */
export interface AppServices {
  config: Config;
  db: Database;
  auth: Auth;
  email: EmailPort;
  buildInfo: BuildInfo;
  startedAt: Date;
  metrics: AppMetrics;
  /** The jobs this app defines, by name (a retry runs its job's `onRetry`). */
  jobs: JobCatalog;
  /** Work requests hand on; closing the app waits for it. */
  background: BackgroundWork;
  /** The first-run setup link's secret, this process's own (docs/decisions/0019-first-run.md). */
  setupToken: SetupToken;
  /** Per-call limits for the procedures attackers hammer; absent without HTTP (createCaller). */
  procedureRateLimit?: ProcedureRateLimit;
  /** This instance's live-update streams; absent without HTTP (createCaller). */
  live?: LiveStreams;
}

/**
 * The part of the context that needs no HTTP request: tests and scripts build it
 * directly and call procedures through `createCaller`.
 */
export interface InnerContext extends AppServices {
  requestId: string;
  log: FastifyBaseLogger;
  /** The request's headers as the auth library reads them (cookie, user agent, client IP). */
  authHeaders: Headers;
  /** Reads the caller's credentials once per request, and only when a procedure asks. */
  credentials: () => Promise<Credentials>;
  /** Hands Set-Cookie values (a new or cleared session) to the response. */
  setCookies: (cookies: string[]) => void;
  /**
   * Runs `work` once the answer has been sent (at once without HTTP), tracked by
   * `background`: the caller's answer neither waits for it nor depends on its outcome.
   */
  afterAnswer: (name: string, work: () => Promise<unknown>) => void;
  /**
   * The idempotency key the call at `batchIndex` carries, or null; read only by a
   * mutation (idempotency/idempotency-key-header.ts). A malformed key is BAD_REQUEST.
   */
  idempotencyKey: (batchIndex: number) => string | null;
}

export interface Context extends InnerContext {
  req?: FastifyRequest;
  res?: FastifyReply;
}

const noKey = () => null;

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

export function createInnerContext(
  services: AppServices,
  requestId: string,
  log: FastifyBaseLogger,
  request: {
    headers?: Headers;
    setCookies?: (cookies: string[]) => void;
    extendSession?: boolean;
    /** Resolves once the answer is sent; without it, work handed on starts at once. */
    answered?: () => Promise<void>;
    /** The request's idempotency keys; without it, no call carries one. */
    idempotencyKey?: (batchIndex: number) => string | null;
  } = {},
): InnerContext {
  const authHeaders = request.headers ?? new Headers();
  const setCookies = request.setCookies ?? (() => undefined);
  const answered = request.answered;
  // The services spread last: on Node 20 an object that grows after a leading spread
  // takes V8's slow path, about 20 µs per request.
  return {
    requestId,
    log,
    authHeaders,
    credentials: once(() =>
      readCredentials(services, authHeaders, { extend: request.extendSession ?? false, setCookies }),
    ),
    setCookies,
    afterAnswer: (name, work) => {
      services.background.run(name, answered ? () => answered().then(work) : work, log);
    },
    idempotencyKey: request.idempotencyKey ?? noKey,
    ...services,
  };
}

/** Resolves once the response has been handed to the network, or the connection is gone. */
function sentOrGone(raw: ServerResponse): Promise<void> {
  if (raw.writableFinished || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    raw.once('finish', resolve);
    raw.once('close', resolve);
  });
}

/** Only what the auth library needs, and the client IP as Fastify determined it. */
export function authHeadersOf(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const name of ['cookie', 'authorization', 'user-agent']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, clientIp(req));
  return headers;
}

/**
 * The per-request context the HTTP adapter builds. The auth headers are copied
 * eagerly: a lazy getter in their place measured slower than the copy it saves.
 */
export function createContextFactory(services: AppServices) {
  return ({ req, res, info }: { req: FastifyRequest; res: FastifyReply; info: TRPCRequestInfo }): Context => ({
    req,
    res,
    ...createInnerContext(services, req.id, req.log, {
      headers: authHeadersOf(req),
      setCookies: (cookies) => {
        if (cookies.length) void res.header('set-cookie', cookies);
      },
      // Only a mutation may extend the session (a write); a query writes nothing,
      // even one sent by POST because its input was too long for a URL. tRPC reads the
      // type from the procedures called, not the method, and refuses a batch mixing them.
      extendSession: info.type === 'mutation',
      answered: () => sentOrGone(res.raw),
      idempotencyKey: (batchIndex) =>
        idempotencyKeyOf(req.headers, { isBatchCall: info.isBatchCall, size: info.calls.length }, batchIndex),
    }),
  });
}
