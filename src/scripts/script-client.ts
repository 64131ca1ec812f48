import { createTRPCClient, type TRPCClient } from '@trpc/client';
import type { AppRouter } from '../server/router.ts';
import { TRPC_PATH } from '../shared/transport.ts';
import { trpcLinks } from '../shared/trpc-client-links.ts';
import { idempotencyHeaders, idempotencyKeyLink, safeRetryLink } from './idempotent-links.ts';

export interface ScriptClientOptions {
  /** An API key an admin created; sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** Headers sent with every call, such as credentials. Called per request when a function. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** A fetch implementation, for tests or proxies. */
  fetch?: typeof fetch;
  /** How often a call that got no answer (the network failed) is sent again; 3 unless given. */
  retries?: number;
}

export type ScriptClient = TRPCClient<AppRouter>;

/**
 * A typed client for internal scripts: the same procedures, inputs and outputs as
 * the browser gets, inferred from the server's router with no code generation.
 * Every mutation carries an idempotency key of its own, so a call whose answer was
 * lost to the network is sent again and runs once (docs/decisions/0038).
 *
 * @example
 * const client = createScriptClient('http://localhost:3000');
 * const info = await client.system.info.query();
 */
export function createScriptClient(baseUrl: string, options: ScriptClientOptions = {}): ScriptClient {
  return createTRPCClient<AppRouter>({
    links: [
      idempotencyKeyLink(),
      safeRetryLink(options.retries ?? 3),
      // The browser's links: batches, and POST for a query too long for a URL.
      ...trpcLinks({
        url: new URL(TRPC_PATH, baseUrl).toString(),
        headers: (calls) => ({
          ...(typeof options.headers === 'function' ? options.headers() : options.headers),
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          ...idempotencyHeaders(calls),
        }),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });
}
