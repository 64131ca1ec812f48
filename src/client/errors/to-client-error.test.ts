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
function errorAnswer(status: number, code: number, message: string, data: Record<string, unknown>): Fetch {
  return async () =>
    new Response(JSON.stringify({ error: superjson.serialize({ message, code, data }) }), {
      status,
      headers: { 'content-type': 'application/json' },
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
  it('reads the catalogue code, message, request id and details of a server error', async () => {
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
      requestId: 'req-1',
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
      requestId: 'req-2',
      fieldErrors: { name: ['Too long'], '': ['Unrecognized key'] },
    });
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
