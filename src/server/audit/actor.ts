import type { Viewer } from '../features/auth/viewer.ts';

/**
 * Who made a change, as the audit trail records it: a person (session cookie), a
 * script (API key, on behalf of its owner), a job (by name), the system itself (a
 * command an operator ran, start-up work), or nobody signed in (sign-up, sign-in).
 */
export type Actor =
  | { kind: 'user'; userId: string; name: string; email: string }
  | { kind: 'api-key'; keyId: string; keyName: string | null; userId: string; email: string }
  | { kind: 'job'; name: string }
  | { kind: 'system'; name: string }
  | { kind: 'anonymous' };

export type ActorKind = Actor['kind'];

export const actorKinds = ['user', 'api-key', 'job', 'system', 'anonymous'] as const satisfies readonly ActorKind[];

/** The actor behind a caller the credentials check found, or `anonymous` for none. */
export function actorOf(viewer: Viewer | null | undefined): Actor {
  if (!viewer) return { kind: 'anonymous' };
  if (viewer.apiKey) {
    return {
      kind: 'api-key',
      keyId: viewer.apiKey.id,
      keyName: viewer.apiKey.name,
      userId: viewer.userId,
      email: viewer.email,
    };
  }
  return { kind: 'user', userId: viewer.userId, name: viewer.name, email: viewer.email };
}

/** The actor's columns: ids and a copy of names, kept when the user or key is deleted. */
export function actorColumns(actor: Actor) {
  switch (actor.kind) {
    case 'user':
      return {
        actorKind: actor.kind,
        actorId: actor.userId,
        actorUserId: actor.userId,
        actorName: actor.name,
        actorEmail: actor.email,
      };
    case 'api-key':
      return {
        actorKind: actor.kind,
        actorId: actor.keyId,
        actorUserId: actor.userId,
        actorName: actor.keyName,
        actorEmail: actor.email,
      };
    case 'job':
    case 'system':
      return { actorKind: actor.kind, actorId: actor.name, actorUserId: null, actorName: actor.name, actorEmail: null };
    case 'anonymous':
      return { actorKind: actor.kind, actorId: null, actorUserId: null, actorName: null, actorEmail: null };
  }
}
