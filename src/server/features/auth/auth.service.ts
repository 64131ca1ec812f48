import { can, permissions, type Permission } from '../../../shared/permissions.ts';
import { limits } from '../../../shared/constants.ts';
import { AppError } from '../../../shared/errors.ts';
import { inAuthTransaction } from './create-auth.ts';
import type { Viewer } from './viewer.ts';
import type { InnerContext } from '../../trpc/context.ts';
import { viaAuthLibrary } from './auth-errors.ts';
import { caughtByHoneypot } from './honeypot.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordChanges, sessionChange } from '../../live/record-change.ts';

/**
 * The identity operations, on top of the auth library. Set-Cookie headers the
 * library returns (a new session, a cleared one) are handed to the response.
 */
type Ctx = Pick<InnerContext, 'auth' | 'authHeaders' | 'setCookies' | 'db' | 'log' | 'afterAnswer'>;

function forwardCookies(ctx: Ctx, headers: Headers) {
  ctx.setCookies(headers.getSetCookie());
}

/** The public forms' hidden field; see `honeypotSchema`. */
interface Honeypot {
  website?: string | undefined;
}

/**
 * Sign-up takes no password: it is chosen on the e-mailed link's page (`verifyEmail`),
 * so only the mailbox's holder ever sets one (src/server/features/auth/sign-up-by-link.ts).
 */
export async function signUp(ctx: Ctx, input: { name: string; email: string } & Honeypot) {
  const { website, ...body } = input;
  // A bot gets the answer a person gets; no account, no e-mail.
  if (caughtByHoneypot(ctx, 'auth.signUp', website)) return { verificationSent: true as const };
  // The account and its verification e-mail commit together.
  await viaAuthLibrary(() =>
    inAuthTransaction(ctx.db, () => ctx.auth.api.beginSignUp({ body, headers: ctx.authHeaders })),
  );
  // The same answer for a new, a pending and a confirmed address; a link is on its way to the first two.
  return { verificationSent: true as const };
}

export async function signIn(ctx: Ctx, input: { email: string; password: string } & Honeypot) {
  const { website, ...body } = input;
  // A bot gets the answer to a wrong password, whatever it sent.
  if (caughtByHoneypot(ctx, 'auth.signIn', website)) throw new AppError('INVALID_CREDENTIALS');
  const { headers } = await viaAuthLibrary(() =>
    ctx.auth.api.signInEmail({ body, headers: ctx.authHeaders, returnHeaders: true }),
  );
  forwardCookies(ctx, headers);
}

export async function signOut(ctx: Ctx) {
  const { headers } = await viaAuthLibrary(() =>
    ctx.auth.api.signOut({ headers: ctx.authHeaders, returnHeaders: true }),
  );
  forwardCookies(ctx, headers);
}

/** Confirms the address of the link's token with the password its holder chooses, and signs them in. */
export async function verifyEmail(ctx: Ctx, input: { token: string; password: string }) {
  // No transaction around it: the library hashes the password first, then opens its own.
  const { headers } = await viaAuthLibrary(() =>
    ctx.auth.api.confirmSignUp({ body: input, headers: ctx.authHeaders, returnHeaders: true }),
  );
  forwardCookies(ctx, headers);
}

export async function requestPasswordReset(ctx: Ctx, { email, website }: { email: string } & Honeypot) {
  if (caughtByHoneypot(ctx, 'auth.requestPasswordReset', website)) return;
  // The same answer, in the same time, whether or not the address has an account: the
  // lookup and, for an account, the token and its e-mail come after the answer.
  // They commit together: never a token nobody was told of, nor a link that fails.
  ctx.afterAnswer('password reset', () =>
    inAuthTransaction(ctx.db, () => ctx.auth.api.requestPasswordReset({ body: { email }, headers: ctx.authHeaders })),
  );
}

/**
 * "Resend confirmation": the same answer, in the same time, whether or not the address
 * has an account waiting for its confirmation (no account enumeration); the link,
 * for one that is waiting, is sent after the answer, its token and e-mail together.
 */
export function resendConfirmation(ctx: Ctx, { email, website }: { email: string } & Honeypot) {
  if (caughtByHoneypot(ctx, 'auth.resendConfirmation', website)) return;
  ctx.afterAnswer('confirmation link', () =>
    inAuthTransaction(ctx.db, () => ctx.auth.api.resendSignUpLink({ body: { email }, headers: ctx.authHeaders })),
  );
}

/**
 * Whether an e-mailed link can still be used, without using it, so its screen can
 * say "expired or used" at once instead of after the form. A reset link is usable
 * while its stored token lives (the library deletes it on use); a verification link
 * while its signature and expiry hold and its address is unconfirmed.
 */
export async function checkLink(ctx: Ctx, { kind, token }: { kind: 'reset' | 'verify'; token: string }) {
  if (kind === 'verify') return ctx.auth.api.checkSignUpLink({ body: { token }, headers: ctx.authHeaders });
  const stored = await ctx.db.verification.findFirst({
    where: { identifier: `reset-password:${token}`, expiresAt: { gt: new Date() } },
    select: { id: true },
  });
  return { usable: stored !== null };
}

export async function resetPassword(ctx: Ctx, input: { token: string; password: string }) {
  await viaAuthLibrary(() =>
    ctx.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: ctx.authHeaders }),
  );
}

export async function changePassword(ctx: Ctx, input: { currentPassword: string; newPassword: string }) {
  const { headers } = await viaAuthLibrary(() =>
    ctx.auth.api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers: ctx.authHeaders,
      returnHeaders: true,
    }),
  );
  forwardCookies(ctx, headers);
}

/** What the browser needs about the signed-in person, with every permission `can()` grants them. */
/** A role's permissions without a key's scope: fixed in code, so worked out once per role. */
const permissionsOfRole = new Map<string, Permission[]>();

function permissionsOf({ role, scope }: Viewer): Permission[] {
  const held = (permission: Permission) => can({ role, scope }, permission);
  if (scope) return permissions.filter(held);
  let ofRole = permissionsOfRole.get(role);
  if (!ofRole) {
    ofRole = permissions.filter(held);
    permissionsOfRole.set(role, ofRole);
  }
  // A copy: the answer is the caller's to change.
  return [...ofRole];
}

export function describeViewer(viewer: Viewer) {
  return {
    id: viewer.userId,
    name: viewer.name,
    email: viewer.email,
    role: viewer.role,
    permissions: permissionsOf(viewer),
  };
}

export async function listOwnSessions(ctx: Pick<InnerContext, 'db'>, viewer: Viewer) {
  const sessions = await ctx.db.session.findMany({
    where: { userId: viewer.userId, expiresAt: { gt: new Date() } },
    select: { id: true, createdAt: true, expiresAt: true, ipAddress: true, userAgent: true },
    orderBy: { createdAt: 'desc' },
    take: limits.page.maxSize,
  });
  return sessions.map((session) => ({ ...session, current: session.id === viewer.sessionId }));
}

/** Another user's session id is "not found", never "forbidden": ids are not disclosed. */
export async function revokeOwnSession(ctx: Pick<InnerContext, 'db'>, viewer: Viewer, id: string) {
  await inTransaction(ctx.db, async (tx) => {
    const { count } = await tx.session.deleteMany({ where: { id, userId: viewer.userId } });
    if (count === 0) throw new AppError('NOT_FOUND');
    await recordChanges(ctx.db, [sessionChange(id, viewer.userId)]);
  });
}
