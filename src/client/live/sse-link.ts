import { TRPCClientError, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/router.ts';
import { TRPC_PATH } from '../../shared/transport.ts';
import { linkObservable } from './lazy-link.ts';

/** Codes after which the stream is opened again: the server's trouble, or a shutdown (another instance answers). */
const reconnectAfter = new Set(['UNAVAILABLE', 'INTERNAL', 'TIMEOUT', 'RATE_LIMITED', 'TOO_MANY_STREAMS']);
/** The server pings every 15 s (init.ts): silence for longer than this is a dead connection. */
const SILENCE_MS = 40_000;
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * tRPC subscriptions over server-sent events: the wire format of tRPC's
 * `httpSubscriptionLink` (its `connected`, `ping`, `serialized-error` and `return`
 * events, `tracked()` ids), in a tenth of its size. Every reconnect is this link's own,
 * never EventSource's, so it always carries the last event id in the input
 * (docs/decisions/0040-live-updates.md); after a refusal other than a passing one
 * (UNAUTHENTICATED) the subscription ends with the error.
 * Guarded against tRPC's wire format by src/server/live/sse-link-matches-trpc.eventsource.test.ts.
 */
export const sseLink: TRPCLink<AppRouter> =
  () =>
  ({ op }) =>
    linkObservable((observer) => {
      let source: EventSource | undefined;
      let lastEventId: string | undefined;
      let retries = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let ended = false;

      const stop = () => {
        clearTimeout(timer);
        source?.close();
        source = undefined;
      };
      const reopen = (delayMs: number) => {
        stop();
        if (ended) return;
        timer = setTimeout(open, delayMs);
      };
      const alive = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          reopen(0);
        }, SILENCE_MS);
      };
      const open = () => {
        const base = (op.input ?? {}) as Record<string, unknown>;
        const input = lastEventId ? { ...base, lastEventId } : op.input;
        const query =
          input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
        const opened = new EventSource(`${TRPC_PATH}/${op.path}${query}`);
        source = opened;
        alive();
        opened.addEventListener('connected', () => {
          retries = 0;
          alive();
          observer.next?.({ result: { type: 'started' } });
        });
        opened.addEventListener('ping', alive);
        opened.addEventListener('message', (event) => {
          alive();
          const data = superjson.deserialize(JSON.parse(event.data as string) as never);
          if (event.lastEventId) lastEventId = event.lastEventId;
          observer.next?.({ result: { id: event.lastEventId, data: { id: event.lastEventId, data } } });
        });
        opened.addEventListener('serialized-error', (event) => {
          const shape = superjson.deserialize(JSON.parse((event as MessageEvent<string>).data) as never);
          const error = TRPCClientError.from<AppRouter>({ error: shape as never });
          const code = (error.data as { appCode?: string } | undefined)?.appCode ?? 'INTERNAL';
          if (reconnectAfter.has(code)) {
            reopen(RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)] ?? 30_000);
            return;
          }
          ended = true;
          stop();
          observer.error?.(error);
        });
        opened.addEventListener('return', () => {
          ended = true;
          stop();
          observer.complete?.();
        });
        // A lost connection: opened again here, with the last event id, after a pause.
        opened.addEventListener('error', () => {
          reopen(RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)] ?? 30_000);
        });
      };
      open();
      return () => {
        ended = true;
        stop();
      };
    });
