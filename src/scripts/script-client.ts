import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../server/router.ts';
import { TRPC_MAX_BATCH_SIZE, TRPC_MAX_URL_LENGTH, TRPC_PATH } from '../shared/transport.ts';

export interface ScriptClientOptions {
  /** An API key an admin created; sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** Headers sent with every call, such as credentials. Called per request when a function. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** A fetch implementation, for tests or proxies. */
  fetch?: typeof fetch;
}

export type ScriptClient = TRPCClient<AppRouter>;

/**
 * A typed client for internal scripts: the same procedures, inputs and outputs as
 * the browser gets, inferred from the server's router with no code generation.
 *
 * @example
 * const client = createScriptClient('http://localhost:3000');
 * const info = await client.system.info.query();
 */
export function createScriptClient(baseUrl: string, options: ScriptClientOptions = {}): ScriptClient {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: new URL(TRPC_PATH, baseUrl).toString(),
        transformer: superjson,
        maxItems: TRPC_MAX_BATCH_SIZE,
        maxURLLength: TRPC_MAX_URL_LENGTH,
        headers: () => ({
          ...(typeof options.headers === 'function' ? options.headers() : options.headers),
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        }),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });
}
