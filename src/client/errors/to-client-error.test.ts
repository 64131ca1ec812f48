import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '../../server/router.ts';
import { errorCatalogue } from '../../shared/errors.ts';
import { toClientError } from './to-client-error.ts';

type Fetch = typeof fetch;

/** The real client, as the app builds it, with the network replaced by `fetch`. */
function clientWith(fetch: Fetch) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: 'http://app.test/trpc', transformer: superjson, fetch })],
  });
}

/** A tRPC error answer as the server's formatter writes it (see records.router.test.ts). */
function errorAnswer(
  status: number,
  code: number,
  message: string,
  data: Record<string, unknown>,
  headers: Record<string, string> = {},
): Fetch {
  return async () =>
    new Response(JSON.stringify({ error: superjson.serialize({ message, code, data }) }), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
}

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => {
      throw new Error('The call succeeded');
    },
    (error: unknown) => error,
  );
}

describe('toClientError', () => {
  it('reads the catalogue code, message and details of an answer; a routine one has no reference', async () => {
    const fetch = errorAnswer(501, -32501, '"records.create" is not available yet.', {
      code: 'NOT_IMPLEMENTED',
      httpStatus: 501,
      path: 'records.create',
      appCode: 'NOT_IMPLEMENTED',
      requestId: 'req-1',
      fieldErrors: null,
      details: { operation: 'records.create' },
    });
    const error = await failureOf(clientWith(fetch).records.create.mutate({ name: 'A name' }));

    expect(error).toBeInstanceOf(TRPCClientError);
    expect(toClientError(error)).toEqual({
      code: 'NOT_IMPLEMENTED',
      message: '"records.create" is not available yet.',
      requestId: null,
      fieldErrors: {},
      details: { operation: 'records.create' },
    });
  });

  it('keeps field errors by path, including the root', async () => {
    const fetch = errorAnswer(400, -32600, errorCatalogue.VALIDATION_FAILED.message, {
      code: 'BAD_REQUEST',
      httpStatus: 400,
      appCode: 'VALIDATION_FAILED',
      requestId: 'req-2',
      fieldErrors: { name: ['Too long'], '': ['Unrecognized key'] },
      details: null,
    });
    const error = await failureOf(clientWith(fetch).records.create.mutate({ name: 'A name' }));

    expect(toClientError(error)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Some fields need attention.',
      requestId: null,
      fieldErrors: { name: ['Too long'], '': ['Unrecognized key'] },
    });
  });

  it('keeps the reference of a server fault, to quote to support', async () => {
    const fetch = errorAnswer(503, -32603, errorCatalogue.STORAGE_FULL.message, {
      code: 'SERVICE_UNAVAILABLE',
      httpStatus: 503,
      appCode: 'STORAGE_FULL',
      requestId: 'req-9',
      fieldErrors: null,
      details: null,
    });
    const error = await failureOf(clientWith(fetch).records.create.mutate({ name: 'A name' }));

    expect(toClientError(error)).toMatchObject({ code: 'STORAGE_FULL', requestId: 'req-9' });
  });

  it('says the real wait of a rate limit, from Retry-After', async () => {
    const fetch = errorAnswer(
      429,
      -32029,
      errorCatalogue.RATE_LIMITED.message,
      { code: 'TOO_MANY_REQUESTS', httpStatus: 429, appCode: 'RATE_LIMITED', requestId: 'req-4', details: null },
      { 'retry-after': '600' },
    );
    const error = await failureOf(clientWith(fetch).auth.signIn.mutate({ email: 'a@example.com', password: 'x' }));

    expect(toClientError(error)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Try again in 10 minutes.',
      requestId: null,
      fieldErrors: {},
      details: { retryAfterSeconds: 600 },
    });
  });

  it('keeps the catalogue’s words for a rate limit without Retry-After', async () => {
    const fetch = errorAnswer(429, -32029, errorCatalogue.RATE_LIMITED.message, {
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      appCode: 'RATE_LIMITED',
      requestId: 'req-5',
    });
    const error = await failureOf(clientWith(fetch).auth.signIn.mutate({ email: 'a@example.com', password: 'x' }));

    expect(toClientError(error)).toMatchObject({ message: errorCatalogue.RATE_LIMITED.message, requestId: null });
  });

  it('makes a failed fetch UNAVAILABLE, with the catalogue message and no reference', async () => {
    const error = await failureOf(
      clientWith(() => Promise.reject(new TypeError('Failed to fetch'))).records.list.query({}),
    );

    expect(toClientError(error)).toEqual({
      code: 'UNAVAILABLE',
      message: errorCatalogue.UNAVAILABLE.message,
      requestId: null,
      fieldErrors: {},
      details: null,
    });
  });

  it("makes a proxy's HTML error page UNAVAILABLE: our server never answered", async () => {
    const fetch: Fetch = async () =>
      new Response('<html><body>502 Bad Gateway</body></html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      });
    const error = await failureOf(clientWith(fetch).records.list.query({}));

    expect(toClientError(error)).toMatchObject({ code: 'UNAVAILABLE', requestId: null });
  });

  it('makes a tRPC error without a catalogue code INTERNAL, and does not show its message', async () => {
    const fetch = errorAnswer(500, -32603, 'SQLITE_BUSY: database is locked', {
      code: 'INTERNAL_SERVER_ERROR',
      httpStatus: 500,
      requestId: 'req-3',
    });
    const error = await failureOf(clientWith(fetch).records.list.query({}));

    expect(toClientError(error)).toEqual({
      code: 'INTERNAL',
      message: errorCatalogue.INTERNAL.message,
      requestId: 'req-3',
      fieldErrors: {},
      details: null,
    });
  });

  it('ignores malformed field errors and details rather than trusting them', () => {
    const error = TRPCClientError.from({
      error: {
        message: 'Some fields need attention.',
        code: -32600,
        data: {
          appCode: 'VALIDATION_FAILED',
          requestId: 7,
          fieldErrors: { name: 'not a list', other: [1, 'Kept'] },
          details: [],
        },
      },
    });

    expect(toClientError(error)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields need attention.',
      requestId: null,
      fieldErrors: { other: ['Kept'] },
      details: null,
    });
  });

  it.each([[new Error('boom')], ['a string'], [undefined]])('makes anything else INTERNAL: %s', (thrown) => {
    expect(toClientError(thrown)).toEqual({
      code: 'INTERNAL',
      message: errorCatalogue.INTERNAL.message,
      requestId: null,
      fieldErrors: {},
      details: null,
    });
  });
});
