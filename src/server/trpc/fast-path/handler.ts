import { type AnyTRPCRouter, getTRPCErrorFromUnknown, type inferRouterContext, type TRPCError } from '@trpc/server';
import { fastifyRequestHandler, type FastifyHandlerOptions } from '@trpc/server/adapters/fastify';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestScope } from '../request-scope.ts';
import { fastPathTarget } from './coverage.ts';
import { readRequestInfo } from './request-info.ts';
import { resolveJson } from './resolve-json.ts';

export type TrpcHandlerOptions<TRouter extends AnyTRPCRouter> = FastifyHandlerOptions<
  TRouter,
  FastifyRequest,
  FastifyReply
> & {
  req: FastifyRequest;
  res: FastifyReply;
  path: string;
  /** false: every request goes to tRPC's stock adapter (the conformance suite's reference). */
  fastPath?: boolean;
};

/**
 * A drop-in for tRPC's `fastifyRequestHandler` (same options) that answers the
 * requests tRPC's JSON path serves without the Fetch API: no Request, Response or
 * web stream per call, and the body written in one piece. Whatever it does not
 * cover (coverage.ts; subscriptions, found while reading the procedures) goes to
 * the stock adapter, decided before createContext or any procedure runs, so no
 * call ever runs twice. The answer differs from the stock one only in framing: a
 * Content-Length instead of chunked transfer encoding.
 */
export function trpcRequestHandler<TRouter extends AnyTRPCRouter>(opts: TrpcHandlerOptions<TRouter>): Promise<void> {
  // The request id in scope for what has no context to read it from: errors raised
  // before a context exists, and e-mails queued from inside the auth library.
  return requestScope.run({ requestId: opts.req.id }, () => handle(opts));
}

async function handle<TRouter extends AnyTRPCRouter>(opts: TrpcHandlerOptions<TRouter>): Promise<void> {
  const { req, res: reply } = opts;
  // Batching switched off is a rule the fast path does not carry: the stock adapter keeps it.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the stock adapter still reads it
  const covered = opts.fastPath !== false && (opts.allowBatching ?? opts.batching?.enabled ?? true);
  const target = covered ? fastPathTarget(req, opts.path) : undefined;
  if (!target) return fastifyRequestHandler(opts);

  // The request's signal, aborted when the client goes away before the answer is
  // complete. tRPC's adapter also aborts it after every complete answer, which costs an
  // exception object per request; no call can tell, as none is running by then.
  const abort = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) abort.abort();
  };
  reply.raw.once('close', onClose);

  let info: [TRPCError, undefined] | [undefined, TRPCRequestInfo];
  try {
    const read = await readRequestInfo({
      router: opts.router,
      target,
      body: req.body,
      maxBatchSize: opts.maxBatchSize,
      signal: abort.signal,
    });
    if (read === null) {
      reply.raw.off('close', onClose);
      await fastifyRequestHandler(opts);
      return;
    }
    info = [undefined, read];
  } catch (cause) {
    info = [getTRPCErrorFromUnknown(cause), undefined];
  }

  const answer = await resolveJson({
    router: opts.router,
    method: target.method,
    info,
    createContext: async (requestInfo) =>
      (await opts.createContext?.({ ...opts, info: requestInfo })) as inferRouterContext<TRouter>,
    responseMeta: opts.responseMeta,
    onError: opts.onError,
    allowMethodOverride: opts.allowMethodOverride ?? false,
    req,
  });
  // As Fastify copies a Response's headers (reply.header per entry, Set-Cookie appended
  // to those a procedure set). The body is already text: a serializer of its own keeps
  // Fastify from appending `; charset=utf-8` to the JSON content type, which the stock
  // answer does not have.
  void reply.code(answer.status);
  for (const [name, value] of answer.headers) void reply.header(name, value);
  await reply.serializer(asIs).send(answer.body);
}

const asIs = (body: unknown) => body as string;
