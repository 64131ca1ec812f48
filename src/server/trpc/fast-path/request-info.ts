import { type AnyTRPCRouter, TRPCError } from '@trpc/server';
import { parseConnectionParamsFromString, type TRPCRequestInfo } from '@trpc/server/http';
import type { FastPathTarget } from './coverage.ts';
import { emptyObject, getProcedureAtPath, isObject } from './trpc-internals.ts';

type InputRecord = Record<number, unknown>;
type Procedure = TRPCRequestInfo['calls'][number]['procedure'];

/** What `url.searchParams` holds for a URL without a query, without making one per request. */
const NO_QUERY: Pick<URLSearchParams, 'get'> = new URLSearchParams();

/**
 * getProcedureAtPath, without a promise when the procedure is already loaded (it
 * awaits only to load a lazy router).
 */
function procedureAt(router: AnyTRPCRouter, path: string): Procedure | Promise<Procedure> {
  return (router._def.procedures as Record<string, Procedure | undefined>)[path] ?? getProcedureAtPath(router, path);
}

/**
 * tRPC's `memo` (http/contentType.ts, not exported): reads the inputs once, on the
 * first call that asks, and turns a parse failure into BAD_REQUEST, the same error
 * for every call of the batch.
 */
function memo<T>(load: () => Promise<T>) {
  const none = Symbol('none');
  let promise: Promise<T> | null = null;
  let value: T | typeof none = none;
  return {
    read: async (): Promise<T> => {
      if (value !== none) return value;
      promise ??= load().catch((cause: unknown) => {
        if (cause instanceof TRPCError) throw cause;
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: cause instanceof Error ? cause.message : 'Invalid input',
          cause,
        });
      });
      value = await promise;
      promise = null;
      return value;
    },
    result: (): T | undefined => (value !== none ? value : undefined),
  };
}

export interface RequestInfoOptions {
  router: AnyTRPCRouter;
  target: FastPathTarget;
  /** POST: the body Fastify parsed (the plugin's JSON parser and its depth check ran first). */
  body: unknown;
  maxBatchSize: number | undefined;
  signal: AbortSignal;
}

/**
 * `info` as tRPC's JSON content handler builds it (jsonContentTypeHandler.parse in
 * http/contentType.ts, 11.19.0), step for step: the batch limit before anything is
 * looked up, inputs read lazily (a procedure without input never parses it), then
 * the mixed-types check. It throws where tRPC throws, and the caller answers those
 * errors as resolveResponse does. Null when a procedure is a subscription: nothing
 * has run yet, so the stock adapter can take the request whole.
 */
export async function readRequestInfo({
  router,
  target,
  body,
  maxBatchSize,
  signal,
}: RequestInfoOptions): Promise<TRPCRequestInfo | null> {
  const searchParams = target.url.search ? target.url.searchParams : NO_QUERY;
  const isBatchCall = searchParams.get('batch') === '1';
  const paths = isBatchCall ? target.path.split(',') : [target.path];
  if (isBatchCall && typeof maxBatchSize === 'number' && paths.length > maxBatchSize) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Batch call exceeds maximum size` });
  }

  const transformer = router._def._config.transformer.input;
  const getInputs = memo(async (): Promise<InputRecord> => {
    let inputs: unknown = undefined;
    if (target.method === 'GET') {
      const queryInput = searchParams.get('input');
      if (queryInput) inputs = JSON.parse(queryInput);
    } else {
      // The stock adapter re-serialises Fastify's parsed body and reads it back with
      // Request.json(): the same round trip, without the Request.
      inputs = JSON.parse(JSON.stringify(body));
    }
    if (inputs === undefined) return emptyObject();
    if (!isBatchCall) {
      const result: InputRecord = emptyObject();
      result[0] = transformer.deserialize(inputs);
      return result;
    }
    if (!isObject(inputs)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
    }
    const acc: InputRecord = emptyObject();
    for (const index of paths.keys()) {
      const input = inputs[index];
      if (input !== undefined) acc[index] = transformer.deserialize(input);
    }
    return acc;
  });

  const found = paths.map((path) => procedureAt(router, path));
  const procedures = found.some((procedure) => procedure instanceof Promise)
    ? await Promise.all(found.map(async (procedure) => procedure))
    : found;
  const calls = paths.map((path, index): TRPCRequestInfo['calls'][number] => ({
    batchIndex: index,
    path,
    procedure: procedures[index] as Procedure,
    getRawInput: async () => (await getInputs.read())[index],
    result: () => getInputs.result()?.[index],
  }));
  if (calls.some((call) => call.procedure?._def.type === 'subscription')) return null;

  const types = new Set(calls.map((call) => call.procedure?._def.type).filter(Boolean));
  if (types.size > 1) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Cannot mix procedure types in call: ${Array.from(types).join(', ')}`,
    });
  }
  const connectionParams = searchParams.get('connectionParams');
  return {
    isBatchCall,
    accept: target.accept as TRPCRequestInfo['accept'],
    calls,
    type: types.values().next().value ?? 'unknown',
    connectionParams: connectionParams === null ? null : parseConnectionParamsFromString(connectionParams),
    signal,
    url: target.url,
  };
}
