import { httpBatchLink, splitLink, type Operation } from '@trpc/client';
import superjson from 'superjson';
import { TRPC_MAX_BATCH_SIZE, TRPC_MAX_URL_LENGTH, TRPC_PATH } from './transport.ts';

/** The length of the GET URL a query alone would need. */
function queryUrlLength(op: Pick<Operation, 'path' | 'input'>, url: string): number {
  const input = encodeURIComponent(JSON.stringify(superjson.serialize(op.input)));
  return `${url}/${op.path}?input=${input}`.length;
}

/**
 * Queries travel as GET (cacheable, no CSRF surface); one whose input would make
 * the URL longer than proxies and servers reliably accept goes as POST instead
 * (the server allows POST for queries, never GET for mutations). Batches never
 * exceed the server's size, and GET batches are split before their URL grows too long.
 */
export function trpcLinks(
  options: {
    url?: string;
    fetch?: typeof fetch;
    /** Headers for one request, given the calls it carries in batch order. */
    headers?: (calls: readonly Operation[]) => Record<string, string>;
  } = {},
) {
  const url = options.url ?? TRPC_PATH;
  const { headers } = options;
  const common = {
    url,
    transformer: superjson,
    maxItems: TRPC_MAX_BATCH_SIZE,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(headers ? { headers: ({ opList }: { opList: readonly Operation[] }) => headers(opList) } : {}),
  };
  return [
    splitLink({
      condition: (op) => op.type === 'query' && queryUrlLength(op, url) > TRPC_MAX_URL_LENGTH,
      true: httpBatchLink({ ...common, methodOverride: 'POST' }),
      false: httpBatchLink({ ...common, maxURLLength: TRPC_MAX_URL_LENGTH }),
    }),
  ];
}
