import { lowerFirst } from './names.ts';
import { trpc } from '../trpc.ts';

/**
 * [2] An entity's procedures (`workOrder.list|get|create|update|archive`, and one per
 * state event) as the screens' building blocks call them: one implementation for every
 * entity, so the router's per-entity types are erased here to a record of values. The
 * server checks every input against the entity's schemas; the screens read the record's
 * fields by the entity's metadata.
 */
export type Row = Record<string, unknown> & { id: string; version: number };

export interface Page {
  items: Row[];
  nextCursor: string | null;
}

interface QueryResult<T> {
  data: T | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export interface InfiniteResult extends QueryResult<{ pages: Page[] }> {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface ErasedRouterHooks {
  list: {
    useInfiniteQuery: (
      input: object,
      options: { getNextPageParam: (page: Page) => string | null; enabled?: boolean },
    ) => InfiniteResult;
    useQuery: (input: object, options?: { enabled?: boolean; staleTime?: number }) => QueryResult<Page>;
  };
  get: { useQuery: (input: { id: string }, options?: { enabled?: boolean; staleTime?: number }) => QueryResult<Row> };
  history: { useQuery: (input: { id: string }, options?: { enabled?: boolean }) => QueryResult<Transition[]> };
  /** Whom a relation to a user may point at (ids and names), for those who set it. */
  people: {
    useQuery: (
      input: { field: string; search: string | null },
      options?: { enabled?: boolean; staleTime?: number; retry?: boolean },
    ) => QueryResult<{ id: string; name: string }[]>;
  };
}

/** One state change of a record, as `<entity>.history` answers it. */
export interface Transition {
  id: string;
  event: string;
  fromState: string;
  toState: string;
  actorName: string;
  note: string | null;
  at: Date;
}

interface ErasedUtils {
  client: Record<string, Record<string, { mutate: (input: object) => Promise<Row> }>>;
  [router: string]: unknown;
}

interface RouterUtils {
  invalidate: () => Promise<void>;
  get: { setData: (input: { id: string }, data: Row) => void };
}

/** The router of an entity: 'WorkOrder' → 'workOrder'. */
export const routerOf = (entity: string) => lowerFirst(entity);

/** The React Query hooks of an entity's list and get. */
export function entityHooks(entity: string): ErasedRouterHooks {
  // tRPC's proxy answers every name; the server answers NOT_FOUND for a router it lacks.
  const hooks = (trpc as unknown as Record<string, ErasedRouterHooks | undefined>)[routerOf(entity)];
  if (!hooks) throw new Error(`No router for ${entity}`);
  return hooks;
}

/** The entity's mutations (create, update, archive, each event), and the cache to refresh after one. */
export function useEntityMutations(entity: string) {
  const utils = trpc.useUtils() as unknown as ErasedUtils;
  const router = routerOf(entity);
  const cache = utils[router] as RouterUtils;
  return {
    /** Calls `<entity>.<procedure>`, then refreshes the entity's cached lists and records with the answer. */
    async call(procedure: string, input: object): Promise<Row> {
      const record = await (utils.client[router]?.[procedure]?.mutate(input) ??
        Promise.reject(new Error(`No procedure ${router}.${procedure}`)));
      cache.get.setData({ id: record.id }, record);
      await cache.invalidate();
      return record;
    },
  };
}
