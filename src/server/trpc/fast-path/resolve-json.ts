import {
  type AnyTRPCRootTypes,
  type AnyTRPCRouter,
  getErrorShape,
  getTRPCErrorFromUnknown,
  type inferRouterContext,
  transformTRPCResponse,
  TRPCError,
  type TRPCErrorShape,
  type TRPCProcedureType,
  type TRPCRootConfig,
} from '@trpc/server';
import { getHTTPStatusCode, type HTTPErrorHandler, type ResponseMetaFn, type TRPCRequestInfo } from '@trpc/server/http';
import type { TRPCResponse } from '@trpc/server/rpc';
import { isAsyncIterable, isObject, isPromise } from './trpc-internals.ts';

type Method = 'GET' | 'POST';

const ACCEPTED_METHODS: Record<TRPCProcedureType, readonly Method[]> = {
  mutation: ['POST'],
  query: ['GET'],
  subscription: ['GET'],
};
const ACCEPTED_METHODS_WITH_OVERRIDE: Record<TRPCProcedureType, readonly Method[]> = {
  // never a mutation over GET
  mutation: ['POST'],
  query: ['GET', 'POST'],
  subscription: ['GET', 'POST'],
};

/** The answer as resolveResponse would put it in a `Response`: status, headers, body text. */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: string;
}

export interface ResolveJsonOptions<TRouter extends AnyTRPCRouter, TRequest> {
  router: TRouter;
  method: Method;
  /** readRequestInfo's outcome: the info, or the error it threw. */
  info: [TRPCError, undefined] | [undefined, TRPCRequestInfo];
  createContext: (info: TRPCRequestInfo) => Promise<inferRouterContext<TRouter>>;
  responseMeta: ResponseMetaFn<TRouter> | undefined;
  onError: HTTPErrorHandler<TRouter, TRequest> | undefined;
  allowMethodOverride: boolean;
  req: TRequest;
}

type CallResult = [undefined, { data: unknown }] | [TRPCError, undefined];

/** resolveResponse's isDataStream: a result only a streaming link can carry. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  return Object.values(value).some(isPromise) || Object.values(value).some(isAsyncIterable);
}

const streamInNonStreamingCall = () =>
  new TRPCError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
  });

/**
 * What `new Response(body, { status, headers })` does with a string body: refuse a
 * status out of range or one that may carry no body, and add a text content type
 * when none is set.
 */
function answer(status: number, headers: Headers, body: string): JsonAnswer {
  if (status < 200 || status > 599)
    throw new RangeError(`init["status"] must be in the range of 200 to 599, inclusive.`);
  if (status === 204 || status === 205 || status === 304)
    throw new TypeError('Response with null body status cannot have body');
  if (!headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
  return { status, headers, body };
}

/**
 * tRPC's resolveResponse (http/resolveResponse.ts, 11.19.0) for what the fast path
 * covers: one JSON answer for a single call or a batch, never a stream. The same
 * steps in the same order: context once, every call started at once, NOT_FOUND and
 * METHOD_NOT_SUPPORTED per call, onError once per failing call, the same error
 * shapes through the router's formatter and transformer, the same status (207 when
 * a batch's statuses differ) and responseMeta. What it leaves out is the Fetch API
 * around it: no Request, URL re-parse, per-call AbortSignal, Response or web stream.
 * The conformance suite (fast-path.conformance.test.ts) compares it byte for byte
 * with the stock adapter; it, not this comment, guards an upgrade of tRPC.
 */
export async function resolveJson<TRouter extends AnyTRPCRouter, TRequest>(
  opts: ResolveJsonOptions<TRouter, TRequest>,
): Promise<JsonAnswer> {
  type Ctx = inferRouterContext<TRouter>;
  const { router, method } = opts;
  const config = router._def._config as TRPCRootConfig<AnyTRPCRootTypes>;
  const headers = new Headers();
  headers.set('vary', 'trpc-accept, accept');
  const methods = opts.allowMethodOverride && method === 'POST' ? ACCEPTED_METHODS_WITH_OVERRIDE : ACCEPTED_METHODS;
  let context: [TRPCError, undefined] | [undefined, Ctx] | undefined;
  const ctxOrUndefined = () => context?.[1];
  const shapeOf = (shape: Omit<Parameters<typeof getErrorShape>[0], 'config'>) =>
    getErrorShape({ config, ...shape }) as TRPCErrorShape;

  function initResponse(untransformedJSON: TRPCResponse | TRPCResponse[], errors: TRPCError[]): number {
    let status = getHTTPStatusCode(untransformedJSON);
    const meta =
      opts.responseMeta?.({
        ctx: ctxOrUndefined(),
        info,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- tRPC still passes it, so the fast path does too
        paths: info?.calls.map((call) => call.path),
        data: Array.isArray(untransformedJSON) ? untransformedJSON : [untransformedJSON],
        errors,
        eagerGeneration: false,
        type: info?.calls.find((call) => call.procedure?._def.type)?.procedure?._def.type ?? 'unknown',
      }) ?? {};
    if (meta.headers instanceof Headers) {
      for (const [key, value] of meta.headers.entries()) headers.append(key, value);
    } else if (meta.headers) {
      for (const [key, value] of Object.entries(meta.headers)) {
        if (Array.isArray(value)) for (const item of value) headers.append(key, item);
        else if (typeof value === 'string') headers.set(key, value);
      }
    }
    if (meta.status) status = meta.status;
    return status;
  }

  const [infoError, info] = opts.info;
  try {
    if (infoError) throw infoError;
    try {
      context = [undefined, await opts.createContext(info)];
    } catch (cause) {
      context = [getTRPCErrorFromUnknown(cause), undefined];
    }
    const [contextError, ctx] = context;

    const calls = info.calls.map(async (call): Promise<CallResult> => {
      const proc = call.procedure;
      try {
        if (!proc) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${call.path}"` });
        if (!methods[proc._def.type].includes(method)) {
          throw new TRPCError({
            code: 'METHOD_NOT_SUPPORTED',
            message: `Unsupported ${method}-request to ${proc._def.type} procedure at path "${call.path}"`,
          });
        }
        if (contextError) throw contextError;
        const data: unknown = await proc({
          path: call.path,
          getRawInput: call.getRawInput,
          ctx,
          type: proc._def.type,
          signal: info.signal,
          batchIndex: call.batchIndex,
        });
        return [undefined, { data }];
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        opts.onError?.({
          error,
          path: call.path,
          input: call.result(),
          ctx: ctxOrUndefined(),
          type: call.procedure?._def.type ?? 'unknown',
          req: opts.req,
        });
        return [error, undefined];
      }
    });

    if (!info.isBatchCall) {
      const call = info.calls[0];
      const [error, result] = (await calls[0]) ?? [];
      headers.set('content-type', 'application/json');
      if (isDataStream(result?.data)) throw streamInNonStreamingCall();
      const res: TRPCResponse = error
        ? {
            error: shapeOf({
              ctx: ctxOrUndefined(),
              error,
              input: call?.result(),
              path: call?.path,
              type: info.type,
            }),
          }
        : { result: { data: result?.data } };
      const status = initResponse([res], error ? [error] : []);
      return answer(status, headers, JSON.stringify(transformTRPCResponse(config, res)));
    }

    headers.set('content-type', 'application/json');
    const results = (await Promise.all(calls)).map((res): CallResult => {
      const [error, result] = res;
      if (error) return res;
      return isDataStream(result.data) ? [streamInNonStreamingCall(), undefined] : res;
    });
    const responses = results.map(([error, result], index): TRPCResponse => {
      const call = info.calls[index];
      if (error) {
        return {
          error: shapeOf({
            ctx: ctxOrUndefined(),
            error,
            input: call?.result(),
            path: call?.path,
            type: call?.procedure?._def.type ?? 'unknown',
          }),
        };
      }
      return { result: { data: result.data } };
    });
    const errors = results.map(([error]) => error).filter((error) => error !== undefined);
    const status = initResponse(responses, errors);
    return answer(status, headers, JSON.stringify(transformTRPCResponse(config, responses)));
  } catch (cause) {
    // Before any call (an oversized batch, mixed types, bad connection params) or
    // after them (a stream-like result, a formatter or transformer that threw).
    const ctx = ctxOrUndefined();
    const type = info?.type ?? 'unknown';
    const error = getTRPCErrorFromUnknown(cause);
    opts.onError?.({ error, path: undefined, input: undefined, ctx, type, req: opts.req });
    const untransformedJSON = { error: shapeOf({ error, type, path: undefined, input: undefined, ctx }) };
    const body = JSON.stringify(transformTRPCResponse(config, untransformedJSON));
    const status = initResponse(untransformedJSON, [error]);
    return answer(status, headers, body);
  }
}
