import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { NotificationListener } from '../db/notification-listener.ts';
import { onCommitted } from '../db/commit-wake.ts';
import { CHANGES_CHANNEL } from './record-change.ts';

/** A change event as the feed reads it (model ChangeEvent). */
export interface ChangeRow {
  id: number;
  entity: string;
  entityId: string;
  ownerId: string | null;
  permission: string | null;
}

/** A stream listening to the feed: handed every new row, in id order, once. */
export type ChangeListener = (rows: readonly ChangeRow[]) => void;

export interface ChangeFeed {
  /** Reads what committed since the last read, hands it to every listener, and answers the id read up to. */
  sync(): Promise<number>;
  /** Adds a listener; answers the way to remove it. */
  listen(listener: ChangeListener): () => void;
  /** Rows with `after < id <= upTo`, in order, at most `limit`: a reconnecting stream's backlog. */
  readBetween(after: number, upTo: number, limit: number): Promise<ChangeRow[]>;
  /** The oldest id still kept (older ones were pruned), or null when none is. */
  oldestId(): Promise<number | null>;
  /** Stops polling and listening. */
  stop(): void;
}

const PAGE = 500;
const select = { id: true, entity: true, entityId: true, ownerId: true, permission: true } as const;

/**
 * The instance's one reader of the ChangeEvent table: however many streams are open, a
 * change costs one query here, then an in-memory hand-out to each stream. Woken by a
 * commit in this process, by PostgreSQL's NOTIFY from other instances, and by a poll
 * every `pollMs` while streams are open (the fallback when a notification is lost, say
 * while the LISTEN connection reconnects). Reads never overlap; a wake during a read
 * reads again after it.
 */
export function createChangeFeed(options: {
  db: Database;
  notifications: NotificationListener;
  log: FastifyBaseLogger;
  pollMs?: number;
}): ChangeFeed {
  const { db, log } = options;
  const listeners = new Set<ChangeListener>();
  let head: number | undefined;
  let reading: Promise<number> | undefined;
  // An object: set by a wake during a read, which TypeScript's narrowing cannot see.
  const pending = { again: false };
  const readAgain = () => pending.again;

  // Set while nobody listens and changes commit: the position is then found afresh.
  const skipped = { any: false };
  const readOnce = async (): Promise<number> => {
    if (skipped.any) {
      skipped.any = false;
      head = undefined;
    }
    head ??= (await db.changeEvent.aggregate({ _max: { id: true } }))._max.id ?? 0;
    for (;;) {
      const after: number = head;
      const rows: ChangeRow[] = await db.changeEvent.findMany({
        where: { id: { gt: after } },
        orderBy: { id: 'asc' },
        take: PAGE,
        select,
      });
      const last = rows.at(-1)?.id ?? after;
      head = last;
      if (rows.length > 0) for (const listener of listeners) listener(rows);
      if (rows.length < PAGE) return last;
    }
  };
  const sync = (): Promise<number> => {
    if (reading) {
      pending.again = true;
      return reading;
    }
    reading = (async () => {
      let read: number;
      do {
        pending.again = false;
        read = await readOnce();
      } while (readAgain());
      return read;
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const wake = () => {
    // Nobody to hand a change to: no read. A stream's first sync starts from the newest row,
    // as it would have after reading them all. Writes pay nothing while no screen listens.
    if (listeners.size === 0) {
      skipped.any = true;
      return;
    }
    sync().catch((error: unknown) => {
      log.warn({ err: error }, 'reading change events failed; the next poll tries again');
    });
  };

  const stopLocal = onCommitted(db, CHANGES_CHANNEL, wake);
  const unlisten = options.notifications.listen(CHANGES_CHANNEL, wake);
  const poll = setInterval(() => {
    if (listeners.size > 0) wake();
  }, options.pollMs ?? 5_000);
  poll.unref();

  return {
    sync,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readBetween: (after, upTo, limit) =>
      db.changeEvent.findMany({
        where: { id: { gt: after, lte: upTo } },
        orderBy: { id: 'asc' },
        take: limit,
        select,
      }),
    oldestId: async () => (await db.changeEvent.aggregate({ _min: { id: true } }))._min.id ?? null,
    stop() {
      clearInterval(poll);
      stopLocal();
      unlisten();
    },
  };
}
