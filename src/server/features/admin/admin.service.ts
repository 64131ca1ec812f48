import { limits } from '../../../shared/constants.ts';
import { AppError } from '../../../shared/errors.ts';
import { can, isPermission, type Permission } from '../../../shared/permissions.ts';
import type { Viewer } from '../auth/viewer.ts';
import type { InnerContext } from '../../trpc/context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createApiKey as createStoredKey, storedPermissions } from '../auth/api-keys.ts';
import { apiKeyChange, recordChanges, sessionChange, userChange } from '../../live/record-change.ts';

type Ctx = Pick<InnerContext, 'db' | 'auth'>;

const userSelect = {
  id: true,
  name: true,
  email: true,
  emailVerified: true,
  role: true,
  disabled: true,
  createdAt: true,
} as const;

/** Users, newest first, optionally filtered by name or e-mail; cursor = last id seen. */
export async function listUsers(ctx: Ctx, input: { cursor?: string | null; limit: number; search?: string }) {
  const where = input.search
    ? { OR: [{ email: { contains: input.search } }, { name: { contains: input.search } }] }
    : {};
  const rows = await ctx.db.user.findMany({
    where,
    select: userSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: input.limit + 1,
    ...(input.cursor ? { cursor: { id: input.cursor }, skip: 1 } : {}),
  });
  const items = rows.slice(0, input.limit);
  return { items, nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null };
}

export async function setRole(ctx: Ctx, actor: Viewer, userId: string, role: string) {
  if (userId === actor.userId) throw new AppError('CONFLICT', { message: 'You cannot change your own role.' });
  return inTransaction(ctx.db, async (tx) => {
    const user = await tx.user.update({ where: { id: userId }, data: { role }, select: userSelect });
    await recordChanges(ctx.db, [userChange(userId)]);
    return user;
  });
}

/** Disabling ends the user's sessions at once; their API keys stop working with them. */
export async function setDisabled(ctx: Ctx, actor: Viewer, userId: string, disabled: boolean) {
  if (userId === actor.userId) throw new AppError('CONFLICT', { message: 'You cannot disable yourself.' });
  return inTransaction(ctx.db, async (tx) => {
    const user = await tx.user.update({ where: { id: userId }, data: { disabled }, select: userSelect });
    const ended = disabled ? await tx.session.findMany({ where: { userId }, select: { id: true } }) : [];
    if (ended.length) await tx.session.deleteMany({ where: { id: { in: ended.map(({ id }) => id) } } });
    await recordChanges(ctx.db, [userChange(userId), ...ended.map(({ id }) => sessionChange(id, userId))]);
    return user;
  });
}

/** Live sessions, newest first; `current` marks the one making this request. */
export async function listSessions(ctx: Ctx, viewer: Viewer) {
  const rows = await ctx.db.session.findMany({
    where: { expiresAt: { gt: new Date() } },
    select: {
      id: true,
      userId: true,
      createdAt: true,
      expiresAt: true,
      ipAddress: true,
      userAgent: true,
      user: { select: { email: true } },
    },
    orderBy: { createdAt: 'desc' },
    take: limits.page.maxSize,
  });
  return rows.map(({ user, ...session }) => ({
    ...session,
    userEmail: user.email,
    current: session.id === viewer.sessionId,
  }));
}

export async function revokeSession(ctx: Ctx, id: string) {
  await inTransaction(ctx.db, async (tx) => {
    const session = await tx.session.findUnique({ where: { id }, select: { userId: true } });
    const { count } = await tx.session.deleteMany({ where: { id } });
    if (!session || count === 0) throw new AppError('NOT_FOUND');
    await recordChanges(ctx.db, [sessionChange(id, session.userId)]);
  });
}

function summarise(key: {
  id: string;
  name: string | null;
  start: string | null;
  referenceId: string;
  permissions: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastRequest: Date | null;
}) {
  const granted = storedPermissions(key.permissions);
  return {
    id: key.id,
    name: key.name,
    start: key.start,
    permissions: granted.filter(isPermission),
    ownerId: key.referenceId,
    createdAt: key.createdAt,
    expiresAt: key.expiresAt,
    lastUsedAt: key.lastRequest,
  };
}

/**
 * A key belongs to the person who made it; it can never do more than its scope and
 * their role allow. Nobody grants what they do not hold themselves.
 */
export async function createApiKey(
  ctx: Ctx,
  owner: Viewer,
  input: { name: string; permissions: Permission[]; expiresInDays: number | null },
) {
  const notHeld = input.permissions.filter((permission) => !can({ role: owner.role, scope: owner.scope }, permission));
  if (notHeld.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      fieldErrors: { permissions: [`You cannot grant what you do not hold yourself: ${notHeld.join(', ')}`] },
    });
  }
  // The transaction answers what the procedure does: its idempotent replay stores that answer.
  return inTransaction(ctx.db, async (tx) => {
    const created = await createStoredKey(tx, { userId: owner.userId, ...input });
    await recordChanges(ctx.db, [apiKeyChange(created.id, owner.userId)]);
    return { ...summarise(created), key: created.key };
  });
}

export async function listApiKeys(ctx: Ctx) {
  const keys = await ctx.db.apikey.findMany({
    select: {
      id: true,
      name: true,
      start: true,
      referenceId: true,
      permissions: true,
      createdAt: true,
      expiresAt: true,
      lastRequest: true,
    },
    orderBy: { createdAt: 'desc' },
    take: limits.page.maxSize,
  });
  return keys.map(summarise);
}

/** Revoking deletes the key: the next request with it is refused. */
export async function revokeApiKey(ctx: Ctx, id: string) {
  await inTransaction(ctx.db, async (tx) => {
    const key = await tx.apikey.findUnique({ where: { id }, select: { referenceId: true } });
    const { count } = await tx.apikey.deleteMany({ where: { id } });
    if (!key || count === 0) throw new AppError('NOT_FOUND');
    await recordChanges(ctx.db, [apiKeyChange(id, key.referenceId)]);
  });
}
