import type { Permission } from '../../shared/permissions.ts';
import type { LiveEntity } from '../../shared/schemas/live.schema.ts';
import { engineOfDatabase, type Database } from '../db/client.ts';
import { wakeOnCommit } from '../db/commit-wake.ts';
import { currentClient, inTransaction } from '../db/transaction.ts';

/** One change a client may be showing, and who may see it. */
export interface Change {
  entity: LiveEntity;
  id: string;
  /** The person whose own data it is: they see it whatever their role. */
  ownerId?: string | null;
  /** What lets anyone else see it; omitted: the owner alone. */
  permission?: Permission;
}

/** The channel PostgreSQL's NOTIFY wakes other instances' change feeds on. */
export const CHANGES_CHANNEL = 'app_changes';

/**
 * One key for PostgreSQL's transaction-level advisory lock that orders change events:
 * ids are taken from a sequence at insert but become visible at commit, so without it
 * a reader could pass id 7 (committed) before id 6 (not yet) and never see 6. Holding
 * the lock from the insert to the commit makes commit order id order. SQLite has one
 * writer, so its ids are already in commit order.
 */
const ORDER_LOCK = 0x72706c76;

/**
 * Records changes in the caller's open transaction (or one of its own): a rollback
 * records nothing. Once committed, this process's live streams hear of them at once,
 * other instances' through PostgreSQL's NOTIFY (sent by the server only at commit).
 * Call it last in a transaction: on PostgreSQL it holds the ordering lock until commit.
 */
export async function recordChanges(db: Database, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  const postgresql = engineOfDatabase(db) === 'postgresql';
  await inTransaction(db, async () => {
    const client = currentClient(db);
    // Raw rather than `changeEvent.createMany`: every change to a shown record writes
    // these, and Prisma's query pipeline costs more than the insert (as the audit row's).
    const at = new Date();
    if (postgresql) {
      // One round trip: the ordering lock is taken before any row is produced, so before
      // the sequence gives the rows their ids.
      await client.$executeRaw`
        INSERT INTO "ChangeEvent" ("entity", "entityId", "ownerId", "permission", "at")
        SELECT change.entity, change.id, change.owner, change.permission, ${at}
        FROM (SELECT pg_advisory_xact_lock(${ORDER_LOCK})) AS ordered,
          unnest(${changes.map((change) => change.entity)}::text[], ${changes.map((change) => change.id)}::text[],
            ${changes.map((change) => change.ownerId ?? null)}::text[],
            ${changes.map((change) => change.permission ?? null)}::text[]) AS change(entity, id, owner, permission)`;
    } else {
      for (const change of changes) {
        await client.$executeRaw`
          INSERT INTO "ChangeEvent" ("entity", "entityId", "ownerId", "permission", "at")
          VALUES (${change.entity}, ${change.id}, ${change.ownerId ?? null}, ${change.permission ?? null}, ${at})`;
      }
    }
    await wakeOnCommit(db, CHANGES_CHANNEL);
  });
}

/** A person's account: their own, and what user administrators list. */
export const userChange = (userId: string): Change => ({
  entity: 'user',
  id: userId,
  ownerId: userId,
  permission: 'read:users:any',
});

/** A session: its owner's own list, and everyone's sessions for those who may read them. */
export const sessionChange = (sessionId: string, userId: string): Change => ({
  entity: 'session',
  id: sessionId,
  ownerId: userId,
  permission: 'read:sessions:any',
});

/** An API key: its owner (whose key stops working), and those who manage keys. */
export const apiKeyChange = (keyId: string, ownerId: string): Change => ({
  entity: 'api-key',
  id: keyId,
  ownerId,
  permission: 'manage:api-keys:any',
});
