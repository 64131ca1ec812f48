import { initTRPC } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcRequestHandler } from './handler.ts';

/**
 * What the HTTP answer cannot show: the hooks tRPC calls. For each request the fast
 * path and the stock adapter must hand createContext the same `info`, call onError
 * and responseMeta with the same arguments, as often, in the same order, and give
 * procedures the same raw input and a live signal that aborts when the client goes.
 */

interface Ctx {
  info: TRPCRequestInfo;
}

// As the app's (init.ts): no stack in answers, where the two paths' call sites differ.
const t = initTRPC.context<Ctx>().create({ transformer: superjson, isDev: false });

/** Procedures waiting for their signal to abort, by request. */
const aborted = new Map<string, Promise<boolean>>();

const testRouter = t.router({
  echo: t.procedure.input(z.unknown()).query(({ input, signal }) => ({ input, live: signal?.aborted === false })),
  change: t.procedure.input(z.object({ name: z.string() })).mutation(({ input }) => input.name),
  plain: t.procedure.query(() => 'plain'),
  fail: t.procedure.query(() => {
    throw new Error('failed');
  }),
  waitForAbort: t.procedure.input(z.string()).query(async ({ input, signal, ctx }) => {
    const both = Promise.all([signal, ctx.info.signal].map((each) => abortOf(each)));
    aborted.set(
      input,
      both.then((flags) => flags.every(Boolean)),
    );
    await both;
    return 'aborted';
  }),
  ticks: t.procedure.subscription(async function* () {
    yield 1;
  }),
});

function abortOf(signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    signal?.addEventListener('abort', () => {
      resolve(true);
    });
  });
}

type Trace = unknown[];

/** What a hook received, reduced to what can be compared across two requests. */
function describeInfo(info: TRPCRequestInfo | undefined) {
  if (!info) return undefined;
  return {
    type: info.type,
    isBatchCall: info.isBatchCall,
    accept: info.accept,
    connectionParams: info.connectionParams,
    url: info.url?.href,
    signal: info.signal instanceof AbortSignal && !info.signal.aborted,
    calls: info.calls.map((call) => ({
      path: call.path,
      batchIndex: call.batchIndex,
      procedure: call.procedure?._def.type ?? null,
      input: call.result(),
    })),
  };
}

function mount(app: FastifyInstance, prefix: string, fastPath: boolean, traces: Map<string, Trace>) {
  app.route({
    method: ['GET', 'POST'],
    url: `${prefix}/:path`,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const trace: Trace = [];
      traces.set(String(req.headers['x-case']), trace);
      await trpcRequestHandler({
        router: testRouter,
        req,
        res: reply,
        path: (req.params as { path: string }).path,
        fastPath,
        maxBatchSize: 3,
        allowMethodOverride: true,
        createContext: ({ info, ...rest }) => {
          trace.push(['createContext', Object.keys(rest).sort(), describeInfo(info)]);
          if (req.headers['x-fail-context']) throw new Error('no context');
          return { info };
        },
        onError: ({ error, path, input, type, ctx, req: errorReq }) => {
          trace.push([
            'onError',
            { code: error.code, message: error.message, path, input, type },
            !!ctx,
            errorReq === req,
          ]);
        },
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- `paths` is compared too: tRPC still passes it
        responseMeta: ({ ctx, info, paths, data, errors, eagerGeneration, type }) => {
          trace.push([
            'responseMeta',
            { paths, type, eagerGeneration, data, errors: errors.map((error) => error.code) },
            !!ctx,
            describeInfo(info),
          ]);
          return { headers: { 'x-meta': String(errors.length) } };
        },
      });
    },
  });
}

let app: FastifyInstance;
const fastTraces = new Map<string, Trace>();
const stockTraces = new Map<string, Trace>();

beforeAll(async () => {
  app = Fastify();
  mount(app, '/fast', true, fastTraces);
  mount(app, '/stock', false, stockTraces);
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

const input = (value: unknown) => encodeURIComponent(JSON.stringify(superjson.serialize(value)));

describe('the hooks see what they see with the stock adapter', () => {
  it.each<[string, { method?: 'GET' | 'POST'; url: string; body?: string; headers?: Record<string, string> }]>([
    ['a query with input', { url: `/echo?input=${input({ a: new Date(1) })}` }],
    ['a batch with one input missing', { url: `/echo,echo?batch=1&input=${encodeURIComponent('{"1":{"json":2}}')}` }],
    [
      'a query over POST',
      { method: 'POST', url: '/echo', body: '{"json":3}', headers: { 'content-type': 'application/json' } },
    ],
    [
      'a mutation with a validation error',
      { method: 'POST', url: '/change', body: '{"json":{"name":1}}', headers: { 'content-type': 'application/json' } },
    ],
    ['a batch with a failure, an unknown path and a mutation over GET', { url: '/plain,fail,nope,change?batch=1' }],
    ['a query that never reads its broken input', { url: '/plain?input=%7B' }],
    ['a query reading its broken input', { url: '/echo?input=%7B' }],
    ['an oversized batch', { url: '/plain,plain,plain,plain?batch=1' }],
    ['mixed types', { url: '/plain,change?batch=1' }],
    [
      'connection params and an accept header',
      { url: '/plain?connectionParams=%7B%22k%22%3A%22v%22%7D', headers: { 'trpc-accept': 'x' } },
    ],
    ['a context that fails', { url: '/plain,echo?batch=1', headers: { 'x-fail-context': '1' } }],
  ])('%s', async (name, request) => {
    const answers = await Promise.all(
      ['/stock', '/fast'].map((prefix) =>
        app.inject({
          method: request.method ?? 'GET',
          url: `${prefix}${request.url}`,
          headers: { ...request.headers, 'x-case': name, host: 'app.test' },
          ...(request.body === undefined ? {} : { payload: request.body }),
        }),
      ),
    );
    const [stock, fast] = answers.map((answer) => ({
      status: answer.statusCode,
      body: answer.body,
      meta: answer.headers['x-meta'],
      type: answer.headers['content-type'],
    }));
    expect(fast).toEqual(stock);
    const strip = (trace: Trace | undefined) =>
      JSON.parse(JSON.stringify(trace).replaceAll('/fast/', '/stock/')) as Trace;
    expect(strip(fastTraces.get(name))).toEqual(strip(stockTraces.get(name)));
    expect(fastTraces.get(name)?.length).toBeGreaterThan(1);
    expect(answers[1]?.headers['content-length']).toBeDefined();
  });

  it('a subscription goes to the stock adapter before a context is made', async () => {
    await app.inject({ url: '/fast/ticks', headers: { 'x-case': 'subscription' } });
    const contexts = fastTraces.get('subscription')?.filter((entry) => (entry as unknown[])[0] === 'createContext');
    expect(contexts).toHaveLength(1);
  });

  it.each(['/fast', '/stock'])('%s: a client that goes away aborts the signals of its calls', async (prefix) => {
    const { port } = app.server.address() as { port: number };
    const key = `abort${prefix}`;
    const controller = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}${prefix}/waitForAbort?input=${input(key)}`, {
      signal: controller.signal,
    }).catch(() => undefined);
    await expect.poll(() => aborted.has(key)).toBe(true);
    controller.abort();
    await request;
    expect(await aborted.get(key)).toBe(true);
  });
});
