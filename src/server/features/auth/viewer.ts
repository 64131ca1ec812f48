import { defaultRole, isApiKeyPermission, isPermission, type Permission } from '../../../shared/permissions.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/client.ts';
import { currentClient } from '../../db/transaction.ts';
import { storedPermissions, verifiedApiKey } from './api-keys.ts';
import { authSettings, type Auth } from './create-auth.ts';
import { mightHaveSession } from './might-have-session.ts';
import { cookieValue, verifiedToken } from './signed-cookie.ts';

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
  /** The API key making the call (its id and name, never its secret); null for sessions. */
  apiKey: { id: string; name: string | null } | null;
}

/** The result of reading the caller's credentials: none, valid, or presented but refused. */
export type Credentials = { kind: 'none' } | { kind: 'valid'; viewer: Viewer } | { kind: 'refused' };

/** Where the caller is read from: the auth library (its settings, keys, refreshes) and the database it keeps its rows in. */
export interface CallerSources {
  auth: Auth;
  db: Database;
}

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
const NONE: Credentials = { kind: 'none' };
const REFUSED: Credentials = { kind: 'refused' };

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string | null;
  disabled: boolean;
}

const USER = { id: true, email: true, name: true, role: true, disabled: true } as const;

/** A failing database is no answer: the caller must not look signed out meanwhile (multi-instance.postgresql.test.ts). */
function unavailable(error: unknown): never {
  throw new AppError('UNAVAILABLE', { cause: error });
}

function viewerOf(
  row: UserRow,
  via: Viewer['via'],
  sessionId: string | null,
  scope: Permission[] | null,
  apiKey: Viewer['apiKey'] = null,
): Viewer {
  const { id: userId, email, name } = row;
  return { userId, email, name, role: row.role ?? defaultRole, via, sessionId, scope, apiKey };
}

/**
 * Reads `Authorization: Bearer <key>` or the session cookie: the one way the app reads
 * its caller (the tRPC context, through it every procedure). A key or cookie that is
 * forged, expired, revoked, or whose user is disabled is "refused": signed-in
 * procedures answer UNAUTHENTICATED, public ones ignore it.
 *
 * The auth library stays the source of truth for sessions (it creates, extends, revokes
 * and expires them). A session cookie is read as the library documents it: the
 * cookie's signature checked as the library checks it, then the session and its user
 * in one indexed read of the library's tables, on every request (no cache, no cookie
 * cache: a session revoked or a user disabled on any instance is refused on the next
 * request). What the library decides beyond that read goes to the library: a session
 * past its end (it deletes the row) and a mutation's read of a session due for
 * extension (it extends it and re-issues the cookie).
 */
export async function readCredentials(
  sources: CallerSources,
  headers: Headers,
  refresh: SessionRefresh = NO_REFRESH,
): Promise<Credentials> {
  const authorization = headers.get('authorization');
  if (authorization) {
    const key = BEARER.exec(authorization)?.[1];
    return key ? fromApiKey(sources, key) : REFUSED;
  }
  const cookie = headers.get('cookie');
  if (!mightHaveSession(cookie)) return NONE;
  const settings = authSettings(sources.auth);
  const signed = cookieValue(cookie, settings.sessionCookie);
  const token = signed === undefined ? null : verifiedToken(signed, settings.secret);
  if (!token) return REFUSED;
  const session = await currentClient(sources.db)
    .session.findUnique({ where: { token }, select: { id: true, expiresAt: true, user: { select: USER } } })
    .catch(unavailable);
  if (!session) return REFUSED;
  const now = Date.now();
  const expiresAt = session.expiresAt.getTime();
  if (!(expiresAt > now) || (refresh.extend && expiresAt - settings.expiresInMs + settings.updateAgeMs <= now)) {
    return fromLibrarySession(sources.auth, headers, refresh);
  }
  if (session.user.disabled) return REFUSED;
  return { kind: 'valid', viewer: viewerOf(session.user, 'session', session.id, null) };
}

/** The library's own session read: for a session it must end or extend. */
async function fromLibrarySession(auth: Auth, headers: Headers, refresh: SessionRefresh): Promise<Credentials> {
  const answer = await auth.api
    .getSession({ headers, query: { disableRefresh: !refresh.extend }, returnHeaders: true })
    .catch((error: unknown) => {
      // A cookie the library refuses is no answer, not an error. The library turns any
      // failure of its store (the database) into a bare 500 and keeps the cause only in
      // its log, so the status is all there is to go on.
      if ((error as { statusCode?: unknown }).statusCode === 500) unavailable(error);
      return null;
    });
  const found = answer?.response;
  if (!found || found.user.disabled) return REFUSED;
  refresh.setCookies(answer.headers.getSetCookie());
  return {
    kind: 'valid',
    viewer: viewerOf(
      {
        id: found.user.id,
        email: found.user.email,
        name: found.user.name,
        role: found.user.role ?? null,
        disabled: false,
      },
      'session',
      found.session.id,
      null,
    ),
  };
}

/** A key is checked against its stored digest, its owner read as a session's user is. */
async function fromApiKey({ db }: CallerSources, key: string): Promise<Credentials> {
  const found = await verifiedApiKey(currentClient(db), key).catch(unavailable);
  if (!found) return REFUSED;
  const owner = await currentClient(db)
    .user.findUnique({ where: { id: found.referenceId }, select: USER })
    .catch(unavailable);
  if (!owner || owner.disabled) return REFUSED;
  // A key made before keys were barred from managing keys may still list that: it holds nothing of it.
  const scope = storedPermissions(found.permissions).filter(isPermission).filter(isApiKeyPermission);
  return { kind: 'valid', viewer: viewerOf(owner, 'api-key', null, scope, { id: found.id, name: found.name }) };
}
