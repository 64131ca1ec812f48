import { defaultRole, isApiKeyPermission, isPermission, type Permission } from '../../../shared/permissions.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Auth } from './create-auth.ts';

/** Who is calling: a signed-in person (session cookie) or a script (API key). */
export interface Viewer {
  userId: string;
  email: string;
  name: string;
  role: string;
  via: 'session' | 'api-key';
  /** The session's id (never its token), to tell "this device" apart; null for keys. */
  sessionId: string | null;
  /** An API key's scope; null for sessions (the role alone decides). */
  scope: Permission[] | null;
}

/** The result of reading the caller's credentials: none, valid, or presented but refused. */
export type Credentials = { kind: 'none' } | { kind: 'valid'; viewer: Viewer } | { kind: 'refused' };

const BEARER = /^Bearer\s+(\S{1,512})$/i;

export interface SessionRefresh {
  /**
   * Whether reading the session may extend it (a write): only for a mutation. A
   * query changes nothing (RFC 9110 §9.2.1), so a link or an image on another site
   * cannot keep a session alive.
   */
  extend: boolean;
  /** Receives the re-issued cookie when the session was extended, so the browser keeps it as long. */
  setCookies: (cookies: string[]) => void;
}

const NO_REFRESH: SessionRefresh = { extend: false, setCookies: () => undefined };

/**
 * Reads `Authorization: Bearer <key>` or the session cookie. A key or cookie that
 * is forged, expired, revoked, or whose user is disabled is "refused": signed-in
 * procedures answer UNAUTHENTICATED, public ones ignore it.
 */
export async function readCredentials(
  auth: Auth,
  headers: Headers,
  refresh: SessionRefresh = NO_REFRESH,
): Promise<Credentials> {
  const authorization = headers.get('authorization');
  if (authorization) {
    const key = BEARER.exec(authorization)?.[1];
    return key ? fromApiKey(auth, key) : { kind: 'refused' };
  }
  if (!headers.get('cookie')?.includes('session_token')) return { kind: 'none' };
  const answer = await auth.api
    .getSession({ headers, query: { disableRefresh: !refresh.extend }, returnHeaders: true })
    .catch((error: unknown) => {
      // A cookie the library refuses is no answer, not an error. The library turns any
      // failure of its store (the database) into a bare 500 and keeps the cause only in
      // its log, so the status is all there is to go on; the viewer must not look
      // signed out meanwhile (tested in multi-instance.postgresql.test.ts).
      if ((error as { statusCode?: unknown }).statusCode === 500) {
        throw new AppError('UNAVAILABLE', { cause: error });
      }
      return null;
    });
  const found = answer?.response;
  if (!found || found.user.disabled) return { kind: 'refused' };
  refresh.setCookies(answer.headers.getSetCookie());
  return {
    kind: 'valid',
    viewer: {
      userId: found.user.id,
      email: found.user.email,
      name: found.user.name,
      role: found.user.role ?? defaultRole,
      via: 'session',
      sessionId: found.session.id,
      scope: null,
    },
  };
}

async function fromApiKey(auth: Auth, key: string): Promise<Credentials> {
  const result = await auth.api.verifyApiKey({ body: { key } }).catch(() => null);
  if (!result?.valid || !result.key) return { kind: 'refused' };
  const ctx = await auth.$context;
  const owner = await ctx.internalAdapter.findUserById(result.key.referenceId);
  if (!owner || (owner as { disabled?: boolean }).disabled) return { kind: 'refused' };
  // A key made before keys were barred from managing keys may still list that: it holds nothing of it.
  const scope = (result.key.permissions?.app ?? []).filter(isPermission).filter(isApiKeyPermission);
  return {
    kind: 'valid',
    viewer: {
      userId: owner.id,
      email: owner.email,
      name: owner.name,
      role: (owner as { role?: string }).role ?? defaultRole,
      via: 'api-key',
      sessionId: null,
      scope,
    },
  };
}
