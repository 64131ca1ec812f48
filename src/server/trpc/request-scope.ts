import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request id of the tRPC call in progress. tRPC rejects some requests (an
 * oversized batch) before it builds a context, yet their error bodies must still
 * carry the id a person can quote.
 */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();
