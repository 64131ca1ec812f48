/** One server-sent event as the wire carries it. */
export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/** An open event stream: its events as they come, and the way to close it. */
export interface SseStream {
  status: number;
  headers: Headers;
  /** The next event other than a ping, or undefined once the stream ended; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent | undefined>;
  /** Events received so far, pings included. */
  received: SseEvent[];
  /** The body as received so far: what a non-stream answer (a JSON error) said. */
  text(): string;
  close(): void;
}

/**
 * Opens a tRPC subscription over server-sent events with `fetch`, as `httpSubscriptionLink`
 * would (Node 20 has no EventSource): `GET <base>/trpc/<path>?input=<superjson>`. For tests
 * and the benchmark.
 */
export async function openSubscription(
  base: string,
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  return openEventStream(`${base}/trpc/${path}${query}`, headers);
}

/** Opens `url` as an event stream (a subscription's URL with its `?input=` as it is). */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  let text = '';
  const received: SseEvent[] = [];
  const waiting: ((event: SseEvent | undefined) => void)[] = [];
  const pending: (SseEvent | undefined)[] = [];
  const push = (event: SseEvent | undefined) => {
    if (event) received.push(event);
    if (event?.event === 'ping') return;
    const waiter = waiting.shift();
    if (waiter) waiter(event);
    else pending.push(event);
  };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const decoded = decoder.decode(chunk, { stream: true });
        text += decoded;
        buffer += decoded;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            const field = line.slice(0, colon);
            const value = line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'id') event.id = value;
            else if (field === 'data') event.data += value;
          }
          if (block.trim()) push(event);
        }
      }
    } catch {
      // Closed by us or by the server.
    }
    push(undefined);
  })();
  return {
    status: response.status,
    headers: response.headers,
    received,
    text: () => text,
    next(timeoutMs = 10_000) {
      if (pending.length) return Promise.resolve(pending.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`no event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.push((event) => {
          clearTimeout(timer);
          resolve(event);
        });
      });
    },
    close() {
      controller.abort();
    },
  };
}

/** The `data` of a tRPC event (superjson's `{ json }` envelope), parsed. */
export function dataOf(event: SseEvent | undefined): unknown {
  if (!event) return undefined;
  return (JSON.parse(event.data) as { json: unknown }).json;
}
