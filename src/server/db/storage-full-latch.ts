/**
 * Readiness after a write found the database out of room (docs: plugins/health.ts).
 *
 * Latched by the failure, cleared only by a check of the storage, never by traffic:
 * a mix of writes that fit and writes that do not would otherwise turn readiness on
 * and off with every request. While latched, each readiness probe checks again, so the
 * instance comes back without a restart once there is room:
 * - where the room can be measured (SQLite), as soon as it is there;
 * - where it cannot (PostgreSQL: `unknown`), after a hold since the last failure. The
 *   next failure latches again with twice the hold (up to `maxHoldMs`), so an instance
 *   on a database that stays full spends ever longer out of rotation rather than
 *   flapping at a fixed rate; a hold that ends with no failure within `maxHoldMs`
 *   starts the next one from `holdMs` again.
 */
export interface StorageFullLatch {
  /** A write failed for lack of room. */
  record(): void;
  /** Whether readiness must say `storage full` now. */
  isFull(): Promise<boolean>;
}

export interface StorageFullLatchOptions {
  checkRoom: () => Promise<'room' | 'full' | 'unknown'>;
  holdMs?: number;
  maxHoldMs?: number;
  now?: () => number;
}

export function createStorageFullLatch({
  checkRoom,
  holdMs = 30_000,
  maxHoldMs = 15 * 60_000,
  now = Date.now,
}: StorageFullLatchOptions): StorageFullLatch {
  let latched = false;
  let lastFailureAt = 0;
  let hold = holdMs;
  /** When the latch was last cleared on time alone (no measured room), if it was. */
  let clearedBlindAt: number | undefined;

  return {
    record() {
      const at = now();
      if (!latched) {
        const relapse = clearedBlindAt !== undefined && at - clearedBlindAt < maxHoldMs;
        hold = relapse ? Math.min(hold * 2, maxHoldMs) : holdMs;
        latched = true;
      }
      lastFailureAt = at;
    },
    async isFull() {
      if (!latched) return false;
      const room = await checkRoom().catch(() => 'unknown' as const);
      if (room === 'full') return true;
      if (room === 'unknown' && now() - lastFailureAt < hold) return true;
      latched = false;
      clearedBlindAt = room === 'room' ? undefined : now();
      return false;
    },
  };
}
