import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Permission } from '../../../shared/permissions.ts';
import type { DatabaseClient } from '../../db/transaction.ts';

/** API keys start with this, so a leaked one is recognisable (and scannable) as ours. */
const PREFIX = 'rpc_';
/** How much of a key its list shows, to tell keys apart without revealing them. */
const SHOWN = 6;
/** A key's last use is written at most this often: a script calling every second writes once a minute. */
const LAST_USE_PRECISION_MS = 60_000;

/** Only this digest of a key is stored: a database leak reveals no usable key. */
export const keyDigest = (key: string) => createHash('sha256').update(key).digest('base64url');

/** Makes a key for `userId` with `permissions`; the key itself is answered once and never stored. */
export async function createApiKey(
  db: DatabaseClient,
  input: { userId: string; name: string; permissions: Permission[]; expiresInDays: number | null },
) {
  const key = `${PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = new Date();
  const created = await db.apikey.create({
    data: {
      id: randomUUID(),
      name: input.name,
      start: key.slice(0, SHOWN),
      prefix: PREFIX,
      key: keyDigest(key),
      referenceId: input.userId,
      permissions: JSON.stringify({ app: input.permissions }),
      expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000) : null,
      createdAt: now,
      updatedAt: now,
    },
  });
  return { ...created, key };
}

/** The key's row when the key is ours, enabled and unexpired; its last use noted. */
export async function verifiedApiKey(db: DatabaseClient, key: string) {
  const found = await db.apikey.findFirst({
    where: { key: keyDigest(key) },
    select: {
      id: true,
      name: true,
      referenceId: true,
      permissions: true,
      expiresAt: true,
      enabled: true,
      lastRequest: true,
    },
  });
  const now = Date.now();
  if (!found || found.enabled === false || (found.expiresAt && found.expiresAt.getTime() <= now)) return null;
  if (!found.lastRequest || now - found.lastRequest.getTime() >= LAST_USE_PRECISION_MS) {
    await db.apikey.update({ where: { id: found.id }, data: { lastRequest: new Date(now) }, select: { id: true } });
  }
  return found;
}

/** The permissions a key's row holds (stored as JSON text: `{"app": [...]}`). */
export function storedPermissions(stored: string | null): unknown[] {
  const parsed = stored ? (JSON.parse(stored) as { app?: unknown }) : null;
  return Array.isArray(parsed?.app) ? parsed.app : [];
}
