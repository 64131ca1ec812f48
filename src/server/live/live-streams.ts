import { AppError } from '../../shared/errors.ts';
import { can, isPermission } from '../../shared/permissions.ts';
import type { LiveEvent } from '../../shared/schemas/live.schema.ts';
import { readCredentials, type CallerSources, type Viewer } from '../features/auth/viewer.ts';
import type { ChangeFeed, ChangeRow } from './change-feed.ts';

/** A stream's caller: who it is now, and how to ask again (the request's credentials). */
export interface StreamCaller {
  viewer: Viewer;
  sources: CallerSources;
  authHeaders: Headers;
}

export interface LiveStreams {
  /**
   * The change events `caller` may see, from `lastEventId` on (or from now), as
   * `{ id, data }`; ends with UNAUTHENTICATED once the caller's session or key is no
   * longer valid, with UNAVAILABLE when the instance shuts down (the client reconnects
   * elsewhere and resumes), or when the client leaves (`signal`).
   */
  open(
    caller: StreamCaller,
    lastEventId: string | null | undefined,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<{ id: string; data: LiveEvent }>;
  /** Streams open now. */
  count(): number;
  /** Ends every stream (shutdown), and refuses new ones. */
  close(): void;
}

export interface LiveLimits {
  /** Streams this instance holds at most (LIVE_MAX_STREAMS). */
  maxStreams: number;
  /** Streams one session or API key holds at most (LIVE_STREAMS_PER_SESSION). */
  perSession: number;
  /** How often a quiet stream checks its credentials again (expiry, a revocation it did not hear of). */
  recheckMs?: number;
  /** A reconnecting client further behind than this many events refetches everything instead. */
  maxBacklog?: number;
}

/** Whether the viewer may know that this changed: their own data, or what their permission lets them list. */
function visibleTo(viewer: Viewer, row: ChangeRow): boolean {
  if (row.ownerId !== null && row.ownerId === viewer.userId) return true;
  return (
    row.permission !== null &&
    isPermission(row.permission) &&
    can({ role: viewer.role, scope: viewer.scope }, row.permission)
  );
}

/** Whether the change may have ended or narrowed the caller's own access: their account, sessions or key. */
function touches(viewer: Viewer, row: ChangeRow): boolean {
  return row.ownerId === viewer.userId || (row.entity === 'api-key' && row.entityId === viewer.apiKey?.id);
}

const change = (row: ChangeRow) => ({
  id: String(row.id),
  data: { kind: 'change', entity: row.entity, id: row.entityId } as LiveEvent,
});

/**
 * The live streams of one instance, over its change feed, with their limits
 * (docs/decisions/0040-live-updates.md). A stream holds a small queue and a timer; the
 * feed reads each change once for all of them.
 */
export function createLiveStreams(feed: ChangeFeed, limits: LiveLimits): LiveStreams {
  const recheckMs = limits.recheckMs ?? 60_000;
  const maxBacklog = limits.maxBacklog ?? 1_000;
  const perCredential = new Map<string, number>();
  const open = new Set<() => void>();
  // Objects: set by the feed and by `close`, which TypeScript's narrowing cannot see.
  const state = { closing: false };
  const isClosing = () => state.closing;

  const recheck = async (caller: StreamCaller): Promise<Viewer> => {
    const credentials = await readCredentials(caller.sources, caller.authHeaders);
    if (credentials.kind !== 'valid' || credentials.viewer.userId !== caller.viewer.userId) {
      throw new AppError('UNAUTHENTICATED', { message: 'Your session has ended. Sign in again.' });
    }
    return credentials.viewer;
  };

  async function* stream(
    caller: StreamCaller,
    lastEventId: string | null | undefined,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<{ id: string; data: LiveEvent }> {
    const { viewer } = caller;
    const key = viewer.apiKey ? `api-key:${viewer.apiKey.id}` : `session:${viewer.sessionId ?? viewer.userId}`;
    const held = perCredential.get(key) ?? 0;
    if (state.closing) throw new AppError('UNAVAILABLE', { message: 'The server is shutting down: reconnect.' });
    if (open.size >= limits.maxStreams || held >= limits.perSession) {
      throw new AppError('TOO_MANY_STREAMS', {
        details: open.size >= limits.maxStreams ? { limit: 'instance' } : { limit: 'session', max: limits.perSession },
      });
    }
    perCredential.set(key, held + 1);

    const queue: ChangeRow[] = [];
    const backlog = { overflowed: false };
    let wakeUp: (() => void) | undefined;
    const poke = () => {
      const resolve = wakeUp;
      wakeUp = undefined;
      resolve?.();
    };
    open.add(poke);
    const stopListening = feed.listen((rows) => {
      if (queue.length + rows.length > maxBacklog) backlog.overflowed = true;
      else queue.push(...rows);
      poke();
    });
    signal?.addEventListener('abort', poke);
    try {
      let cursor = await feed.sync();
      const after = lastEventId ? Number(lastEventId) : null;
      if (after !== null && after !== cursor) {
        // Away too long (its events pruned), too far behind, or from another database: refetch everything.
        const oldest = after < cursor ? await feed.oldestId() : null;
        const rows =
          oldest !== null && after + 1 >= oldest ? await feed.readBetween(after, cursor, maxBacklog + 1) : null;
        if (!rows || rows.length > maxBacklog) {
          yield { id: String(cursor), data: { kind: 'resync' } };
        } else {
          for (const row of rows) {
            if (touches(caller.viewer, row)) caller.viewer = await recheck(caller);
            if (visibleTo(caller.viewer, row)) yield change(row);
          }
        }
      }
      // Live from here: a client that saw no change since resumes from this id.
      yield { id: String(cursor), data: { kind: 'ready' } };
      let nextCheck = Date.now() + recheckMs;
      for (;;) {
        if (signal?.aborted) return;
        if (isClosing()) throw new AppError('UNAVAILABLE', { message: 'The server is shutting down: reconnect.' });
        if (backlog.overflowed) {
          // A client that reads slower than changes come: it refetches once instead.
          backlog.overflowed = false;
          queue.length = 0;
          cursor = await feed.sync();
          yield { id: String(cursor), data: { kind: 'resync' } };
          continue;
        }
        const row = queue.shift();
        if (row) {
          if (row.id <= cursor) continue;
          cursor = row.id;
          if (touches(caller.viewer, row)) caller.viewer = await recheck(caller);
          if (visibleTo(caller.viewer, row)) yield change(row);
          continue;
        }
        if (Date.now() >= nextCheck) {
          caller.viewer = await recheck(caller);
          nextCheck = Date.now() + recheckMs;
          continue;
        }
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
          const timer = setTimeout(poke, Math.max(0, nextCheck - Date.now()));
          const done = resolve;
          wakeUp = () => {
            clearTimeout(timer);
            done();
          };
        });
      }
    } finally {
      stopListening();
      signal?.removeEventListener('abort', poke);
      open.delete(poke);
      const left = (perCredential.get(key) ?? 1) - 1;
      if (left > 0) perCredential.set(key, left);
      else perCredential.delete(key);
    }
  }

  return {
    open: stream,
    count: () => open.size,
    close() {
      state.closing = true;
      for (const poke of open) poke();
    },
  };
}
