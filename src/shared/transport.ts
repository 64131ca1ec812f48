/**
 * Limits the browser, internal scripts and the server must agree on.
 * They live here, not in the server's configuration, because the client is built
 * with them: a batch the client sends must never exceed what the server accepts.
 */

/** Most calls in one tRPC batch. The server rejects a larger batch with 400. */
export const TRPC_MAX_BATCH_SIZE = 20;

/** Longest GET URL the client link builds before it falls back to POST. */
export const TRPC_MAX_URL_LENGTH = 4_000;

/** Mount point of the tRPC HTTP endpoint. */
export const TRPC_PATH = '/trpc';
